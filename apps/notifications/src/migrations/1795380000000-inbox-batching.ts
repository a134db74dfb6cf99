import { MigrationInterface, QueryRunner } from 'typeorm';

export class InboxBatching1795380000000 implements MigrationInterface {
  name = 'InboxBatching1795380000000';

  async up(runner: QueryRunner): Promise<void> {
    // An entry of a batching in-app type gathers the sends of its window. `batch_key` is the
    // value of the type's batchingKey parameter while the batch is open, NULL once closed (and on
    // every entry that is no batch): the unique index on it is what lets racing sends, on any
    // replica, land in one entry with one INSERT … ON CONFLICT DO UPDATE. Every send's trackingId
    // is kept, so a redelivered send is never counted twice; only the latest items are shown.
    await runner.query(`
      ALTER TABLE notifications.inbox_notifications
        ADD COLUMN batch_key text,
        ADD COLUMN batch_closes_at timestamptz,
        ADD COLUMN batch_count integer,
        ADD COLUMN batch_items jsonb,
        ADD COLUMN batch_tracking_ids uuid[]`);
    await runner.query(`
      CREATE UNIQUE INDEX ux_inbox_open_batch
        ON notifications.inbox_notifications (env_id, user_id, notification_id, batch_key)
        WHERE batch_key IS NOT NULL`);
    // The recent batches of a user and type, searched for a redelivered send's trackingId.
    await runner.query(`
      CREATE INDEX ix_inbox_batch_window
        ON notifications.inbox_notifications (env_id, user_id, notification_id, batch_closes_at)
        WHERE batch_closes_at IS NOT NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX notifications.ix_inbox_batch_window');
    await runner.query('DROP INDEX notifications.ux_inbox_open_batch');
    await runner.query(`
      ALTER TABLE notifications.inbox_notifications
        DROP COLUMN batch_key, DROP COLUMN batch_closes_at, DROP COLUMN batch_count,
        DROP COLUMN batch_items, DROP COLUMN batch_tracking_ids`);
  }
}
