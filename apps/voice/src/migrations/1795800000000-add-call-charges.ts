import { MigrationInterface, QueryRunner } from 'typeorm';

export class AddCallCharges1795800000000 implements MigrationInterface {
  name = 'AddCallCharges1795800000000';

  async up(runner: QueryRunner): Promise<void> {
    // What an ended call cost ({amount, currency, billableMinutes}) and when it was charged to
    // its account's usage; calls ended before this migration are charged by the next round too.
    await runner.query(`ALTER TABLE voice.calls ADD COLUMN cost jsonb`);
    await runner.query(`ALTER TABLE voice.calls ADD COLUMN charged_at timestamptz`);
    // Each charges round takes the oldest ended calls not yet charged: few rows, found by this
    // index alone however many charged calls the table holds.
    await runner.query(
      `CREATE INDEX ix_calls_uncharged ON voice.calls (ended_at, tracking_id)
        WHERE charged_at IS NULL AND status <> 'active'`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX voice.ix_calls_uncharged`);
    await runner.query(`ALTER TABLE voice.calls DROP COLUMN charged_at`);
    await runner.query(`ALTER TABLE voice.calls DROP COLUMN cost`);
  }
}
