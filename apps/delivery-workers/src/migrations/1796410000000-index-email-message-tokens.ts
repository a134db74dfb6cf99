import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Finds an email attempt by its message token, the local part of its Message-ID
 * (`<token@domain>`): the return path of a bounce or delivery report names the message by it.
 */
export class IndexEmailMessageTokens1796410000000 implements MigrationInterface {
  name = 'IndexEmailMessageTokens1796410000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE INDEX delivery_attempts_email_message_token
        ON delivery.delivery_attempts ((split_part(provider_message_id, '@', 1)))
        WHERE channel = 'email' AND provider_message_id IS NOT NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX delivery.delivery_attempts_email_message_token');
  }
}
