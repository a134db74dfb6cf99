import { MigrationInterface, QueryRunner } from 'typeorm';

export class InboxUpdatedAt1795390000000 implements MigrationInterface {
  name = 'InboxUpdatedAt1795390000000';

  async up(runner: QueryRunner): Promise<void> {
    // When an entry last changed (stored, seen, opened, archived, batched…): its realtime cursor.
    // now() is evaluated once here, so existing rows take the upgrade's time without a rewrite of
    // the table; new rows and changes take the time of their statement.
    await runner.query(`
      ALTER TABLE notifications.inbox_notifications
        ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`);
    await runner.query(`
      ALTER TABLE notifications.inbox_notifications
        ALTER COLUMN updated_at SET DEFAULT clock_timestamp()`);
    await runner.query(`
      CREATE INDEX ix_inbox_user_updated
        ON notifications.inbox_notifications (env_id, user_id, updated_at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX notifications.ix_inbox_user_updated');
    await runner.query('ALTER TABLE notifications.inbox_notifications DROP COLUMN updated_at');
  }
}
