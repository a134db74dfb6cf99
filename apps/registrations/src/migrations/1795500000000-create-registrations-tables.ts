import { MigrationInterface, QueryRunner } from 'typeorm';

const STATUS_CHECK = `CHECK (status IN ('not_started', 'pending_review', 'in_progress', 'approved', 'rejected', 'info_needed'))`;

export class CreateRegistrationsTables1795500000000 implements MigrationInterface {
  name = 'CreateRegistrationsTables1795500000000';

  async up(runner: QueryRunner): Promise<void> {
    // One 10DLC brand per account (spec 2.4). full_address is the address text of legacy records
    // only: new submissions use the structured fields.
    await runner.query(`
      CREATE TABLE registrations.brands (
        account_id uuid PRIMARY KEY,
        scenario_id text NOT NULL,
        business_type text NOT NULL,
        legal_name text NOT NULL,
        display_name text NOT NULL,
        first_name text,
        last_name text,
        tax_id text,
        website text NOT NULL,
        country text NOT NULL,
        street text,
        city text,
        state text,
        postal_code text,
        full_address text,
        compliance_contact_email text NOT NULL,
        compliance_contact_phone text NOT NULL,
        status text NOT NULL CONSTRAINT brands_status_check ${STATUS_CHECK},
        status_reason text,
        carrier_reference text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(
      `CREATE INDEX brands_status_idx ON registrations.brands (status, updated_at)`,
    );
    // One campaign per account, only once the account has a brand (spec 2.5).
    await runner.query(`
      CREATE TABLE registrations.campaigns (
        account_id uuid PRIMARY KEY
          CONSTRAINT campaigns_brand_fk REFERENCES registrations.brands (account_id),
        campaign_description text,
        campaign_sample1 text,
        campaign_sample2 text,
        campaign_sample3 text,
        campaign_sample4 text,
        campaign_message_flow text,
        campaign_optin_keywords text,
        campaign_optin_message text,
        campaign_optout_keywords text,
        campaign_optout_message text,
        campaign_help_keywords text,
        campaign_help_message text,
        campaign_embedded_link_url text,
        campaign_privacy_policy_link text,
        campaign_terms_and_conditions_link text,
        campaign_usecase text,
        campaign_embedded_link boolean,
        campaign_embedded_phone boolean,
        campaign_age_gated boolean,
        campaign_direct_lending boolean,
        status text NOT NULL CONSTRAINT campaigns_status_check ${STATUS_CHECK},
        status_reason text,
        carrier_reference text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(
      `CREATE INDEX campaigns_status_idx ON registrations.campaigns (status, updated_at)`,
    );
    // Every status change with who made it and when; published_at makes it an outbox for the
    // audit records on the AUDIT stream.
    await runner.query(`
      CREATE TABLE registrations.status_changes (
        id uuid PRIMARY KEY,
        account_id uuid NOT NULL,
        subject text NOT NULL CONSTRAINT status_changes_subject_check CHECK (subject IN ('brand', 'campaign')),
        from_status text NOT NULL,
        to_status text NOT NULL,
        reason text,
        actor_role text NOT NULL CONSTRAINT status_changes_actor_role_check CHECK (actor_role IN ('customer', 'operator')),
        actor text NOT NULL,
        at timestamptz NOT NULL DEFAULT clock_timestamp(),
        published_at timestamptz
      )`);
    await runner.query(
      `CREATE INDEX status_changes_account_idx ON registrations.status_changes (account_id, at)`,
    );
    await runner.query(
      `CREATE INDEX status_changes_unpublished_idx ON registrations.status_changes (at) WHERE published_at IS NULL`,
    );
    // What was sent to carriers, by whom, and the carrier's reference for it.
    await runner.query(`
      CREATE TABLE registrations.carrier_submissions (
        id uuid PRIMARY KEY,
        account_id uuid NOT NULL,
        subject text NOT NULL CONSTRAINT carrier_submissions_subject_check CHECK (subject IN ('brand', 'campaign')),
        carrier text NOT NULL,
        reference text NOT NULL,
        payload jsonb NOT NULL,
        submitted_by text NOT NULL,
        submitted_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(
      `CREATE INDEX carrier_submissions_account_idx ON registrations.carrier_submissions (account_id, submitted_at)`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE registrations.carrier_submissions`);
    await runner.query(`DROP TABLE registrations.status_changes`);
    await runner.query(`DROP TABLE registrations.campaigns`);
    await runner.query(`DROP TABLE registrations.brands`);
  }
}
