import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateVoiceTables1795600000000 implements MigrationInterface {
  name = 'CreateVoiceTables1795600000000';

  async up(runner: QueryRunner): Promise<void> {
    // Deployed agents. Their numbers are the numbers service's (phone_numbers.agent_id), so a
    // released number is never shown bound here.
    await runner.query(`
      CREATE TABLE voice.agents (
        agent_id uuid PRIMARY KEY,
        account_id uuid NOT NULL,
        deployment text NOT NULL CHECK (deployment IN ('hosted', 'ejected')),
        spec jsonb NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await runner.query(
      `CREATE INDEX ix_agents_account ON voice.agents (account_id, created_at, agent_id)`,
    );
    // One row per call, kept 30 days. agent_id is not a foreign key: a call outlives its agent,
    // and playground calls may name no agent. spec is the resolved spec the media worker runs.
    await runner.query(`
      CREATE TABLE voice.calls (
        tracking_id uuid PRIMARY KEY,
        account_id uuid NOT NULL,
        agent_id text,
        agent_name text NOT NULL,
        direction text NOT NULL CHECK (direction IN ('inbound', 'outbound')),
        source text NOT NULL CHECK (source IN ('pstn', 'web')),
        from_number text NOT NULL,
        to_number text NOT NULL,
        status text NOT NULL CHECK (status IN ('active', 'ended', 'failed')),
        provider text NOT NULL CHECK (provider IN ('twilio', 'sandbox')),
        call_control_id text NOT NULL,
        spec jsonb NOT NULL,
        variables jsonb NOT NULL,
        timeline jsonb NOT NULL,
        started_at timestamptz NOT NULL,
        ended_at timestamptz,
        outcome text,
        end_reason text,
        end_detail text,
        recording_url text,
        CONSTRAINT ck_calls_ended CHECK ((status = 'active') = (ended_at IS NULL))
      )`);
    await runner.query(
      `CREATE INDEX ix_calls_account ON voice.calls (account_id, started_at DESC, tracking_id DESC)`,
    );
    await runner.query(
      `CREATE INDEX ix_calls_agent ON voice.calls (account_id, agent_id, started_at DESC, tracking_id DESC)`,
    );
    // Provider callbacks find their call by the provider's id.
    await runner.query(
      `CREATE UNIQUE INDEX ux_calls_call_control ON voice.calls (provider, call_control_id)`,
    );
    await runner.query(`CREATE INDEX ix_calls_started_at ON voice.calls (started_at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE voice.calls');
    await runner.query('DROP TABLE voice.agents');
  }
}
