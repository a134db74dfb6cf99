import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The events webhook configuration moves from notifications to the service that dispatches it.
 * An upgraded database still has notifications' table: its rows move here in this migration's
 * transaction, under a lock that keeps a write by a not yet upgraded notifications replica from
 * landing between the copy and the drop (it fails instead, rather than being lost).
 * Notifications' own migration 1795360000000 drops the table it creates on a fresh database once
 * this one exists, whichever service migrates first.
 */
export class TakeOverEventsWebhooks1795410000000 implements MigrationInterface {
  name = 'TakeOverEventsWebhooks1795410000000';

  async up(runner: QueryRunner): Promise<void> {
    // One events webhook per environment; disabled when the endpoint answers 410 Gone.
    await runner.query(`
      CREATE TABLE delivery.events_webhooks (
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
    if (!(await tableExists(runner, 'notifications.events_webhooks'))) return;
    await runner.query(`LOCK TABLE notifications.events_webhooks IN ACCESS EXCLUSIVE MODE`);
    await runner.query(`
      INSERT INTO delivery.events_webhooks (${COLUMNS})
      SELECT ${COLUMNS} FROM notifications.events_webhooks`);
    await runner.query(`DROP TABLE notifications.events_webhooks`);
  }

  /** Gives the rows back to a notifications that still has its table (rolled back with it). */
  async down(runner: QueryRunner): Promise<void> {
    if (await tableExists(runner, 'notifications.events_webhooks')) {
      await runner.query(`
        INSERT INTO notifications.events_webhooks (${COLUMNS})
        SELECT ${COLUMNS} FROM delivery.events_webhooks ON CONFLICT (env_id) DO NOTHING`);
    }
    await runner.query(`DROP TABLE delivery.events_webhooks`);
  }
}

const COLUMNS = `env_id, account_id, webhook_id, webhook, events, secret, disabled_at,
  disabled_reason, created_at, updated_at`;

async function tableExists(runner: QueryRunner, name: string): Promise<boolean> {
  const [row]: { present: boolean }[] = await runner.query(
    `SELECT to_regclass($1) IS NOT NULL AS present`,
    [name],
  );
  return row?.present ?? false;
}
