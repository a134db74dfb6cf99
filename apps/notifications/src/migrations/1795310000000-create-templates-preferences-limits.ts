import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateTemplatesPreferencesLimits1795310000000 implements MigrationInterface {
  name = 'CreateTemplatesPreferencesLimits1795310000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE notifications.templates (
        env_id uuid NOT NULL,
        notification_id text NOT NULL,
        channel text NOT NULL,
        template_id text NOT NULL,
        account_id uuid NOT NULL,
        content jsonb NOT NULL,
        variables text[] NOT NULL DEFAULT '{}',
        is_default boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (env_id, notification_id, channel, template_id)
      )`);
    await runner.query(`
      CREATE UNIQUE INDEX ux_templates_one_default
        ON notifications.templates (env_id, notification_id, channel) WHERE is_default`);
    await runner.query(`
      CREATE TABLE notifications.preferences (
        env_id uuid NOT NULL,
        user_id text NOT NULL,
        notification_id text NOT NULL,
        sub_notification_id text NOT NULL DEFAULT '',
        channel text NOT NULL,
        account_id uuid NOT NULL,
        delivery text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (env_id, user_id, notification_id, sub_notification_id, channel)
      )`);
    await runner.query(`ALTER TABLE notifications.users ADD COLUMN email_suppression jsonb`);
    await runner.query(`
      CREATE INDEX ix_users_email_suppressed ON notifications.users (env_id)
        WHERE email_suppression IS NOT NULL`);
    await runner.query(`
      CREATE TABLE notifications.deduplication_keys (
        env_id uuid NOT NULL,
        key text NOT NULL,
        tracking_id uuid NOT NULL,
        expires_at timestamptz NOT NULL,
        PRIMARY KEY (env_id, key)
      )`);
    await runner.query(`
      CREATE TABLE notifications.throttle_counters (
        env_id uuid NOT NULL,
        scope_key text NOT NULL,
        window_start timestamptz NOT NULL,
        expires_at timestamptz,
        count integer NOT NULL,
        PRIMARY KEY (env_id, scope_key, window_start)
      )`);
    await runner.query(`
      CREATE TABLE notifications.digest_entries (
        tracking_id uuid NOT NULL,
        channel text NOT NULL,
        account_id uuid NOT NULL,
        env_id uuid NOT NULL,
        user_id text NOT NULL,
        notification_id text NOT NULL,
        release_at timestamptz NOT NULL,
        job jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (tracking_id, channel)
      )`);
    await runner.query(`
      CREATE INDEX ix_digest_entries_due ON notifications.digest_entries (release_at)`);
    await runner.query(`
      CREATE INDEX ix_deduplication_keys_expiry ON notifications.deduplication_keys (expires_at)`);
    await runner.query(`
      CREATE INDEX ix_throttle_counters_expiry ON notifications.throttle_counters (expires_at)
        WHERE expires_at IS NOT NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE notifications.digest_entries');
    await runner.query('DROP TABLE notifications.throttle_counters');
    await runner.query('DROP TABLE notifications.deduplication_keys');
    await runner.query('ALTER TABLE notifications.users DROP COLUMN email_suppression');
    await runner.query('DROP TABLE notifications.preferences');
    await runner.query('DROP TABLE notifications.templates');
  }
}
