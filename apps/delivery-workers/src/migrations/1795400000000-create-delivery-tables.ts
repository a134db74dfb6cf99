import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateDeliveryTables1795400000000 implements MigrationInterface {
  name = 'CreateDeliveryTables1795400000000';

  async up(runner: QueryRunner): Promise<void> {
    // One row per message to one address: claimed before the provider is called and settled
    // after it answered, so a redelivered job never reaches the provider a second time.
    await runner.query(`
      CREATE TABLE delivery.delivery_attempts (
        tracking_id uuid NOT NULL,
        channel text NOT NULL,
        address_key text NOT NULL,
        account_id uuid NOT NULL,
        env_id uuid NOT NULL,
        address text NOT NULL,
        state text NOT NULL DEFAULT 'sending',
        interrupted boolean NOT NULL DEFAULT false,
        attempts integer NOT NULL DEFAULT 1,
        first_attempt_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        provider_message_id text,
        failed_code text,
        last_error text,
        details jsonb NOT NULL DEFAULT '{}',
        PRIMARY KEY (tracking_id, channel, address_key)
      )`);
    await runner.query(`
      CREATE INDEX ix_delivery_attempts_provider_id
        ON delivery.delivery_attempts (channel, provider_message_id)
        WHERE provider_message_id IS NOT NULL`);
    await runner.query(`
      CREATE INDEX ix_delivery_attempts_address
        ON delivery.delivery_attempts (channel, address, updated_at DESC) WHERE state = 'sent'`);
    await runner.query(
      `CREATE INDEX ix_delivery_attempts_age ON delivery.delivery_attempts (updated_at)`,
    );
    await runner.query(`
      CREATE TABLE delivery.push_credentials (
        account_id uuid NOT NULL,
        env_id uuid NOT NULL,
        provider text NOT NULL,
        credentials jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (env_id, provider)
      )`);
    await runner.query(`
      CREATE TABLE delivery.vapid_keys (
        env_id uuid PRIMARY KEY,
        account_id uuid NOT NULL,
        public_key text NOT NULL,
        private_key text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE delivery.vapid_keys`);
    await runner.query(`DROP TABLE delivery.push_credentials`);
    await runner.query(`DROP TABLE delivery.delivery_attempts`);
  }
}
