import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateSubNotificationsAndRetractions1795340000000 implements MigrationInterface {
  name = 'CreateSubNotificationsAndRetractions1795340000000';

  async up(runner: QueryRunner): Promise<void> {
    // Subgroups of a type (projects, groups, threads) users opt in and out of on their own.
    await runner.query(`
      CREATE TABLE notifications.sub_notifications (
        env_id uuid NOT NULL,
        notification_id text NOT NULL,
        sub_notification_id text NOT NULL,
        account_id uuid NOT NULL,
        title text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (env_id, notification_id, sub_notification_id)
      )`);
    // The last retraction of a type (or of one sub-notification of it, '' for all) for a user:
    // in-app entries of sends received before it never reach the inbox, even when they arrive
    // after it.
    await runner.query(`
      CREATE TABLE notifications.inbox_retractions (
        env_id uuid NOT NULL,
        user_id text NOT NULL,
        notification_id text NOT NULL,
        sub_notification_id text NOT NULL DEFAULT '',
        account_id uuid NOT NULL,
        retracted_at timestamptz NOT NULL,
        PRIMARY KEY (env_id, user_id, notification_id, sub_notification_id)
      )`);
    await runner.query(`
      CREATE INDEX ix_scheduled_sends_env_pending
        ON notifications.scheduled_sends (env_id) WHERE status = 'pending'`);
    await runner.query(`
      CREATE INDEX ix_digest_entries_user
        ON notifications.digest_entries (env_id, user_id, notification_id)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX notifications.ix_digest_entries_user');
    await runner.query('DROP INDEX notifications.ix_scheduled_sends_env_pending');
    await runner.query('DROP TABLE notifications.inbox_retractions');
    await runner.query('DROP TABLE notifications.sub_notifications');
  }
}
