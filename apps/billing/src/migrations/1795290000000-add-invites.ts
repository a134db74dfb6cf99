import { MigrationInterface, QueryRunner } from 'typeorm';

export class AddInvites1795290000000 implements MigrationInterface {
  name = 'AddInvites1795290000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE billing.invites (
        id uuid PRIMARY KEY,
        account_id uuid NOT NULL REFERENCES billing.accounts (id) ON DELETE CASCADE,
        email text NOT NULL,
        role text NOT NULL,
        token_hash text NOT NULL,
        invited_by uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        accepted_at timestamptz,
        CONSTRAINT uq_invites_token_hash UNIQUE (token_hash)
      )`);
    await runner.query(`CREATE INDEX ix_invites_account ON billing.invites (account_id)`);
    await runner.query(`ALTER TABLE billing.accounts ADD COLUMN source_billing_account_id uuid`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE billing.accounts DROP COLUMN source_billing_account_id');
    await runner.query('DROP TABLE billing.invites');
  }
}
