import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreatePhoneNumbers1795500000000 implements MigrationInterface {
  name = 'CreatePhoneNumbers1795500000000';

  async up(runner: QueryRunner): Promise<void> {
    // One row per number an account holds (active) or released less than 2 weeks ago; the
    // primary key is what makes a number impossible to hold twice.
    await runner.query(`
      CREATE TABLE numbers.phone_numbers (
        phone_number text PRIMARY KEY,
        account_id uuid NOT NULL,
        order_id uuid NOT NULL,
        status text NOT NULL CHECK (status IN ('active', 'released')),
        provider text NOT NULL CHECK (provider IN ('twilio', 'sandbox')),
        provider_sid text NOT NULL,
        country text NOT NULL,
        number_type text NOT NULL,
        label text,
        features text[] NOT NULL,
        monthly_price numeric(10, 4) NOT NULL,
        a2p_status text CHECK (a2p_status IN ('pending', 'testing', 'approved')),
        agent_id text,
        created_at timestamptz NOT NULL,
        released_at timestamptz,
        CONSTRAINT ck_phone_numbers_released_at CHECK ((status = 'released') = (released_at IS NOT NULL)),
        CONSTRAINT ck_phone_numbers_bound_when_active CHECK (status = 'active' OR agent_id IS NULL)
      )`);
    await runner.query(
      `CREATE INDEX ix_phone_numbers_account ON numbers.phone_numbers (account_id, status, created_at)`,
    );
    // The purge finds numbers whose 2 weeks have passed.
    await runner.query(
      `CREATE INDEX ix_phone_numbers_released ON numbers.phone_numbers (released_at)
        WHERE status = 'released'`,
    );
    // Deleting a voice agent unbinds its numbers.
    await runner.query(
      `CREATE INDEX ix_phone_numbers_agent ON numbers.phone_numbers (account_id, agent_id)
        WHERE agent_id IS NOT NULL`,
    );
    // What the provider said about a number when a search offered it: an order fills its record
    // from here, since the provider's purchase answer names neither country nor locality.
    await runner.query(`
      CREATE TABLE numbers.offered_numbers (
        phone_number text PRIMARY KEY,
        country text NOT NULL,
        number_type text NOT NULL,
        features text[] NOT NULL,
        monthly_price numeric(10, 4) NOT NULL,
        offered_at timestamptz NOT NULL
      )`);
    await runner.query(
      `CREATE INDEX ix_offered_numbers_offered_at ON numbers.offered_numbers (offered_at)`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE numbers.offered_numbers');
    await runner.query('DROP TABLE numbers.phone_numbers');
  }
}
