import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The email attempts being sent right now, by age: a report about a message not recorded as sent
 * yet is looked for among these few rows (isEmailInFlightByToken), never among the hour's mail.
 */
export class IndexEmailsBeingSent1796420000000 implements MigrationInterface {
  name = 'IndexEmailsBeingSent1796420000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE INDEX delivery_attempts_emails_being_sent
        ON delivery.delivery_attempts (updated_at)
        WHERE channel = 'email' AND state = 'sending'`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX delivery.delivery_attempts_emails_being_sent');
  }
}
