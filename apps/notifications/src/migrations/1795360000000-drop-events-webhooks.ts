import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The events webhook configuration belongs to delivery-workers now: its migration 1795410000000
 * creates `delivery.events_webhooks`, moves this table's rows into it and drops this table. Here
 * the table goes only once delivery's exists, so rows delivery-workers has not taken yet are never
 * lost, whichever service migrates first; this catches the empty table 1795330000000 creates on a
 * fresh database that delivery-workers migrated first.
 */
export class DropEventsWebhooks1795360000000 implements MigrationInterface {
  name = 'DropEventsWebhooks1795360000000';

  async up(runner: QueryRunner): Promise<void> {
    const [row]: { taken: boolean }[] = await runner.query(
      `SELECT to_regclass('delivery.events_webhooks') IS NOT NULL AS taken`,
    );
    if (row?.taken) await runner.query(`DROP TABLE IF EXISTS notifications.events_webhooks`);
  }

  /** The table as 1795330000000 made it; its rows live in delivery-workers' table. */
  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE IF NOT EXISTS notifications.events_webhooks (
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
}
