import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateLogEvents1795420000000 implements MigrationInterface {
  name = 'CreateLogEvents1795420000000';

  async up(runner: QueryRunner): Promise<void> {
    // Every step of every send, newest first per account: GET /logs pages through it.
    await runner.query(`
      CREATE TABLE logs.log_events (
        account_id uuid NOT NULL,
        event_id text NOT NULL,
        tracking_id uuid NOT NULL,
        env_id uuid NOT NULL,
        event_type text NOT NULL,
        at timestamptz NOT NULL,
        details jsonb NOT NULL DEFAULT '{}',
        PRIMARY KEY (account_id, event_id)
      )`);
    await runner.query(
      `CREATE INDEX ix_log_events_newest ON logs.log_events (account_id, at DESC, event_id DESC)`,
    );
    await runner.query(`CREATE INDEX ix_log_events_tracking ON logs.log_events (tracking_id)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE logs.log_events');
  }
}
