import { MigrationInterface, QueryRunner } from 'typeorm';

export class AddSessionsAndPlans1795270000000 implements MigrationInterface {
  name = 'AddSessionsAndPlans1795270000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE billing.profiles
        ADD COLUMN mfa_secret text,
        ADD COLUMN mfa_enabled boolean NOT NULL DEFAULT false,
        ADD COLUMN failed_logins integer NOT NULL DEFAULT 0,
        ADD COLUMN locked_until timestamptz`);
    await runner.query(`
      CREATE TABLE billing.sessions (
        id uuid PRIMARY KEY,
        profile_id uuid NOT NULL REFERENCES billing.profiles (id) ON DELETE CASCADE,
        account_id uuid NOT NULL REFERENCES billing.accounts (id) ON DELETE CASCADE,
        token_hash text NOT NULL,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT uq_sessions_token_hash UNIQUE (token_hash)
      )`);
    await runner.query(`CREATE INDEX ix_sessions_profile ON billing.sessions (profile_id)`);
    await runner.query(`
      ALTER TABLE billing.accounts
        ADD COLUMN plan_tier text NOT NULL DEFAULT 'budget_20',
        ADD COLUMN auto_upgrade boolean NOT NULL DEFAULT false,
        ADD COLUMN billing_version integer NOT NULL DEFAULT 3,
        ADD COLUMN anniversary_date date NOT NULL DEFAULT current_date`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE billing.accounts
        DROP COLUMN plan_tier, DROP COLUMN auto_upgrade, DROP COLUMN billing_version, DROP COLUMN anniversary_date`);
    await runner.query('DROP TABLE billing.sessions');
    await runner.query(`
      ALTER TABLE billing.profiles
        DROP COLUMN mfa_secret, DROP COLUMN mfa_enabled, DROP COLUMN failed_logins, DROP COLUMN locked_until`);
  }
}
