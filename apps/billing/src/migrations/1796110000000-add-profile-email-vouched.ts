import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Whether a profile's email is the one the operator created it with. Clarion sends no email yet,
 * so an email changed with POST /profile/change-email is unproven, and auto-join domains must not
 * let anyone into an account by claiming an address on its domain.
 */
export class AddProfileEmailVouched1796110000000 implements MigrationInterface {
  name = 'AddProfileEmailVouched1796110000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      'ALTER TABLE billing.profiles ADD COLUMN email_vouched boolean NOT NULL DEFAULT true',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE billing.profiles DROP COLUMN email_vouched');
  }
}
