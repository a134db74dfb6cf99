import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the hosted service keeps per organization, which in Clarion is the account: who created
 * it (accounts made before this migration get their longest-standing owner) and the email domains
 * whose people join it by signing in. Usage is read per account and cycle, so it gets an index.
 */
export class AddOrganizationFields1796100000000 implements MigrationInterface {
  name = 'AddOrganizationFields1796100000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE billing.accounts
        ADD COLUMN creator_profile_id uuid REFERENCES billing.profiles (id) ON DELETE SET NULL,
        ADD COLUMN auto_join_domains text[] NOT NULL DEFAULT '{}'`);
    await runner.query(`
      UPDATE billing.accounts a SET creator_profile_id = (
        SELECT m.profile_id FROM billing.memberships m
         WHERE m.account_id = a.id AND m.role = 'owner'
         ORDER BY m.created_at, m.profile_id LIMIT 1)`);
    await runner.query(
      'CREATE INDEX ix_usage_events_account_cycle ON billing.usage_events (account_id, cycle_start)',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX billing.ix_usage_events_account_cycle');
    await runner.query(
      'ALTER TABLE billing.accounts DROP COLUMN auto_join_domains, DROP COLUMN creator_profile_id',
    );
  }
}
