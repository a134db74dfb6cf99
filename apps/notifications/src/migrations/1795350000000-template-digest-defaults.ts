import { MigrationInterface, QueryRunner } from 'typeorm';

export class TemplateDigestDefaults1795350000000 implements MigrationInterface {
  name = 'TemplateDigestDefaults1795350000000';

  async up(runner: QueryRunner): Promise<void> {
    // The digests (hourly, daily, weekly, monthly) a template was chosen for; a digest no
    // template was chosen for uses the channel's default template, as every digest did before.
    await runner.query(`
      ALTER TABLE notifications.templates
        ADD COLUMN default_for_digests text[] NOT NULL DEFAULT '{}'`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE notifications.templates DROP COLUMN default_for_digests`);
  }
}
