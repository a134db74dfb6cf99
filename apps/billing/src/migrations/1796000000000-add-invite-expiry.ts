import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Invitations expire. The expiry is stored on each row, so changing INVITE_TTL_HOURS affects only
 * invitations made afterwards, never the promise made to those already sent. Invitations made before
 * get the default lifetime of a week from when they were made.
 */
export class AddInviteExpiry1796000000000 implements MigrationInterface {
  name = 'AddInviteExpiry1796000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE billing.invites ADD COLUMN expires_at timestamptz`);
    await runner.query(`UPDATE billing.invites SET expires_at = created_at + interval '7 days'`);
    await runner.query(`ALTER TABLE billing.invites ALTER COLUMN expires_at SET NOT NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE billing.invites DROP COLUMN expires_at');
  }
}
