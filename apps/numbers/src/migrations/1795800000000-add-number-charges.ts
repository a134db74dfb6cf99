import { MigrationInterface, QueryRunner } from 'typeorm';

export class AddNumberCharges1795800000000 implements MigrationInterface {
  name = 'AddNumberCharges1795800000000';

  async up(runner: QueryRunner): Promise<void> {
    // The end of the last month charged for the number (an anniversary of created_at); NULL
    // until its first month is charged.
    await runner.query(`ALTER TABLE numbers.phone_numbers ADD COLUMN charged_until timestamptz`);
    await runner.query(
      `CREATE INDEX ix_phone_numbers_charges ON numbers.phone_numbers (charged_until)
        WHERE status = 'active'`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX numbers.ix_phone_numbers_charges`);
    await runner.query(`ALTER TABLE numbers.phone_numbers DROP COLUMN charged_until`);
  }
}
