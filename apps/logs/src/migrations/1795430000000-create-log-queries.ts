import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateLogQueries1795430000000 implements MigrationInterface {
  name = 'CreateLogQueries1795430000000';

  async up(runner: QueryRunner): Promise<void> {
    // POST /logs/query: the filters, and once run the result (records, or why it failed).
    await runner.query(`
      CREATE TABLE logs.log_queries (
        query_id uuid PRIMARY KEY,
        account_id uuid NOT NULL,
        filters jsonb NOT NULL,
        status text NOT NULL CHECK (status IN ('Running', 'Complete', 'Failed')),
        result jsonb,
        attempts integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // The janitor forgets queries a day old.
    await runner.query(`CREATE INDEX ix_log_queries_created ON logs.log_queries (created_at)`);
    // No expression indexes on log_records.record: every event rewrites the record, and an index
    // on it would turn those heap-only updates into index writes. Queries read an account's
    // records newest first through ix_log_records_account_newest instead, and a date range
    // narrows it by tracking_id (UUIDv7).
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE logs.log_queries');
  }
}
