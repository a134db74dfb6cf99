import { MigrationInterface, QueryRunner } from 'typeorm';

/** Sender domains of each account: their DKIM key pair (the private key sealed) and records. */
export class AddSenderDomains1796300000000 implements MigrationInterface {
  name = 'AddSenderDomains1796300000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE delivery.sender_domains (
        account_id uuid NOT NULL,
        domain text NOT NULL,
        selector text NOT NULL,
        dkim_public_key text NOT NULL,
        dkim_private_key text NOT NULL,
        status text NOT NULL DEFAULT 'PENDING',
        records jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_sync timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (account_id, domain)
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE delivery.sender_domains');
  }
}
