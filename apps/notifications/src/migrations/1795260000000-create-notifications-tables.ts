import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateNotificationsTables1795260000000 implements MigrationInterface {
  name = 'CreateNotificationsTables1795260000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE notifications.users (
        account_id uuid NOT NULL,
        env_id uuid NOT NULL,
        id text NOT NULL,
        email text,
        number text,
        push_tokens jsonb,
        web_push_tokens jsonb,
        timezone text,
        slack_channel text,
        slack_token jsonb,
        last_seen_time timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (env_id, id)
      )`);
    await runner.query(`
      CREATE TABLE notifications.notification_types (
        account_id uuid NOT NULL,
        env_id uuid NOT NULL,
        notification_id text NOT NULL,
        title text NOT NULL,
        channels text[] NOT NULL DEFAULT '{}',
        enabled boolean NOT NULL DEFAULT true,
        deduplication jsonb,
        throttling jsonb,
        retention integer,
        options jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (env_id, notification_id)
      )`);
    await runner.query(`
      CREATE TABLE notifications.inbox_notifications (
        account_id uuid NOT NULL,
        env_id uuid NOT NULL,
        tracking_id uuid NOT NULL,
        user_id text NOT NULL,
        notification_id text NOT NULL,
        sub_notification_id text,
        title text NOT NULL,
        redirect_url text,
        image_url text,
        parameters jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL,
        seen_at timestamptz,
        opened_at timestamptz,
        clicked_at timestamptz,
        archived_at timestamptz,
        actioned1_at timestamptz,
        actioned2_at timestamptz,
        replies jsonb NOT NULL DEFAULT '[]',
        exp_date timestamptz,
        PRIMARY KEY (env_id, tracking_id)
      )`);
    await runner.query(`
      CREATE INDEX ix_inbox_user_date
        ON notifications.inbox_notifications (env_id, user_id, created_at DESC, tracking_id DESC)`);
    await runner.query(`
      CREATE INDEX ix_inbox_user_unread
        ON notifications.inbox_notifications (env_id, user_id)
        WHERE seen_at IS NULL AND archived_at IS NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE notifications.inbox_notifications');
    await runner.query('DROP TABLE notifications.notification_types');
    await runner.query('DROP TABLE notifications.users');
  }
}
