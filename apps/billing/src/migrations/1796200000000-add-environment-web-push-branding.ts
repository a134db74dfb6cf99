import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What GET /users/account-metadata tells an environment's browsers: the logo their notifications
 * show (empty: none) and whether the environment offers web push at all (an inbox hides its
 * opt-in when not). Existing environments keep what the endpoint answered before: no logo, on.
 */
export class AddEnvironmentWebPushBranding1796200000000 implements MigrationInterface {
  name = 'AddEnvironmentWebPushBranding1796200000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `ALTER TABLE billing.environments
         ADD COLUMN logo text NOT NULL DEFAULT '',
         ADD COLUMN has_web_push_enabled boolean NOT NULL DEFAULT true`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(
      'ALTER TABLE billing.environments DROP COLUMN logo, DROP COLUMN has_web_push_enabled',
    );
  }
}
