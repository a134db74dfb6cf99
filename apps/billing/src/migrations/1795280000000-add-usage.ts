import { MigrationInterface, QueryRunner } from 'typeorm';

export class AddUsage1795280000000 implements MigrationInterface {
  name = 'AddUsage1795280000000';

  async up(runner: QueryRunner): Promise<void> {
    // One row per metered event: the primary key makes a redelivered event count once.
    await runner.query(`
      CREATE TABLE billing.usage_events (
        event_id text PRIMARY KEY,
        account_id uuid NOT NULL,
        channel text NOT NULL,
        cost numeric(12, 6) NOT NULL,
        cycle_start date NOT NULL,
        metered_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE billing.usage (
        account_id uuid NOT NULL REFERENCES billing.accounts (id) ON DELETE CASCADE,
        cycle_start date NOT NULL,
        cost numeric(14, 6) NOT NULL DEFAULT 0,
        messages integer NOT NULL DEFAULT 0,
        PRIMARY KEY (account_id, cycle_start)
      )`);
    await runner.query(`
      CREATE TABLE billing.plan_changes (
        id uuid PRIMARY KEY,
        account_id uuid NOT NULL REFERENCES billing.accounts (id) ON DELETE CASCADE,
        from_tier text NOT NULL,
        to_tier text NOT NULL,
        reason text NOT NULL,
        changed_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(
      `ALTER TABLE billing.accounts ADD COLUMN usage_limited boolean NOT NULL DEFAULT false`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE billing.accounts DROP COLUMN usage_limited');
    await runner.query('DROP TABLE billing.plan_changes');
    await runner.query('DROP TABLE billing.usage');
    await runner.query('DROP TABLE billing.usage_events');
  }
}
