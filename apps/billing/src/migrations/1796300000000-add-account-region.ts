import { REGION_STAMP_TABLE } from '@clarion/persistence';
import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every account names its region. Accounts created before regions were created in the region
 * whose data this database holds: the one it is stamped with, which billing writes before it
 * runs any migration (PersistenceModule with `region`).
 */
export class AddAccountRegion1796300000000 implements MigrationInterface {
  name = 'AddAccountRegion1796300000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE billing.accounts ADD COLUMN region text');
    await runner.query(
      `UPDATE billing.accounts SET region = (SELECT region FROM ${REGION_STAMP_TABLE})`,
    );
    await runner.query('ALTER TABLE billing.accounts ALTER COLUMN region SET NOT NULL');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE billing.accounts DROP COLUMN region');
  }
}
