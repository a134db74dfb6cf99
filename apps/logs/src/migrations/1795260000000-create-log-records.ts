import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateLogRecords1795260000000 implements MigrationInterface {
  name = 'CreateLogRecords1795260000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE logs.log_records (
        tracking_id uuid PRIMARY KEY,
        account_id uuid NOT NULL,
        env_id uuid NOT NULL,
        record jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // trackingIds are UUIDv7, so ordering by them lists the newest sends first.
    await runner.query(
      `CREATE INDEX ix_log_records_account_newest ON logs.log_records (account_id, tracking_id DESC)`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE logs.log_records');
  }
}
