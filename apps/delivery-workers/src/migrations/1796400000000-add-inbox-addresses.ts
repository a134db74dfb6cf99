import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Inbox addresses of each environment. The address is the key across all tenants: mail to it
 * routes to exactly one environment. At most one built-in address per environment.
 */
export class AddInboxAddresses1796400000000 implements MigrationInterface {
  name = 'AddInboxAddresses1796400000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE delivery.inbox_addresses (
        full_address text PRIMARY KEY CHECK (full_address = lower(full_address)),
        account_id uuid NOT NULL,
        env_id uuid NOT NULL,
        prefix text NOT NULL,
        domain text NOT NULL,
        type text NOT NULL CHECK (type IN ('builtin', 'custom')),
        display_name text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(
      'CREATE INDEX inbox_addresses_tenant_idx ON delivery.inbox_addresses (account_id, env_id)',
    );
    await runner.query(
      `CREATE UNIQUE INDEX inbox_addresses_one_builtin_idx
         ON delivery.inbox_addresses (account_id, env_id) WHERE type = 'builtin'`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE delivery.inbox_addresses');
  }
}
