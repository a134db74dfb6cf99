import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateScheduledSends1795300000000 implements MigrationInterface {
  name = 'CreateScheduledSends1795300000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE notifications.scheduled_sends (
        tracking_id uuid PRIMARY KEY,
        account_id uuid NOT NULL,
        env_id uuid NOT NULL,
        due_at timestamptz NOT NULL,
        command jsonb NOT NULL,
        status text NOT NULL DEFAULT 'pending',
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE INDEX ix_scheduled_sends_due ON notifications.scheduled_sends (due_at) WHERE status = 'pending'`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE notifications.scheduled_sends');
  }
}
