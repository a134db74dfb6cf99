import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateBillingTables1795260000000 implements MigrationInterface {
  name = 'CreateBillingTables1795260000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE billing.accounts (
        id uuid PRIMARY KEY,
        name text NOT NULL,
        status text NOT NULL,
        subscription_status text,
        account_type text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE billing.profiles (
        id uuid PRIMARY KEY,
        email text NOT NULL,
        password_hash text,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT uq_profiles_email UNIQUE (email)
      )`);
    await runner.query(`
      CREATE TABLE billing.memberships (
        account_id uuid NOT NULL REFERENCES billing.accounts (id) ON DELETE CASCADE,
        profile_id uuid NOT NULL REFERENCES billing.profiles (id) ON DELETE CASCADE,
        role text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (account_id, profile_id)
      )`);
    await runner.query(`CREATE INDEX ix_memberships_profile ON billing.memberships (profile_id)`);
    await runner.query(`
      CREATE TABLE billing.environments (
        id uuid PRIMARY KEY,
        account_id uuid NOT NULL REFERENCES billing.accounts (id) ON DELETE CASCADE,
        client_id text NOT NULL,
        client_secret text NOT NULL,
        title text NOT NULL,
        disable_sending text[] NOT NULL DEFAULT '{}',
        secure_mode boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT uq_environments_client_id UNIQUE (client_id)
      )`);
    await runner.query(`CREATE INDEX ix_environments_account ON billing.environments (account_id)`);
    await runner.query(`
      CREATE TABLE billing.api_keys (
        id uuid PRIMARY KEY,
        account_id uuid NOT NULL REFERENCES billing.accounts (id) ON DELETE CASCADE,
        env_id uuid NOT NULL REFERENCES billing.environments (id) ON DELETE CASCADE,
        name text NOT NULL,
        key_type text NOT NULL,
        key_hash text NOT NULL,
        key_hint text NOT NULL,
        revoked_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT uq_api_keys_hash UNIQUE (key_hash)
      )`);
    await runner.query(`CREATE INDEX ix_api_keys_account ON billing.api_keys (account_id)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE billing.api_keys');
    await runner.query('DROP TABLE billing.environments');
    await runner.query('DROP TABLE billing.memberships');
    await runner.query('DROP TABLE billing.profiles');
    await runner.query('DROP TABLE billing.accounts');
  }
}
