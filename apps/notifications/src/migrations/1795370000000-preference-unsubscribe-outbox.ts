import { MigrationInterface, QueryRunner } from 'typeorm';

export class PreferenceUnsubscribeOutbox1795370000000 implements MigrationInterface {
  name = 'PreferenceUnsubscribeOutbox1795370000000';

  async up(runner: QueryRunner): Promise<void> {
    // When an end user turned the preference off and its `<channel>_UNSUBSCRIBE` event is not
    // published yet: the row is its own outbox, so a request that failed after the write
    // publishes the same event (same time, same id) when the client tries again.
    await runner.query(`
      ALTER TABLE notifications.preferences ADD COLUMN unsubscribe_pending_since timestamptz`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(
      `ALTER TABLE notifications.preferences DROP COLUMN unsubscribe_pending_since`,
    );
  }
}
