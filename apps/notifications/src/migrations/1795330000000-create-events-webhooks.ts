import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateEventsWebhooks1795330000000 implements MigrationInterface {
  name = 'CreateEventsWebhooks1795330000000';

  async up(runner: QueryRunner): Promise<void> {
    // One events webhook per environment; disabled when the endpoint answers 410 Gone.
    await runner.query(`
      CREATE TABLE notifications.events_webhooks (
        env_id uuid PRIMARY KEY,
        account_id uuid NOT NULL,
        webhook_id uuid NOT NULL,
        webhook text NOT NULL,
        events text[] NOT NULL,
        secret text NOT NULL,
        disabled_at timestamptz,
        disabled_reason text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE notifications.events_webhooks`);
  }
}
