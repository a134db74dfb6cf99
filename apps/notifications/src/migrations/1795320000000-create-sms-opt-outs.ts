import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateSmsOptOuts1795320000000 implements MigrationInterface {
  name = 'CreateSmsOptOuts1795320000000';

  async up(runner: QueryRunner): Promise<void> {
    // A number that texted STOP gets no SMS or call from the environment until it texts START.
    await runner.query(`
      CREATE TABLE notifications.sms_opt_outs (
        env_id uuid NOT NULL,
        number text NOT NULL,
        account_id uuid NOT NULL,
        keyword text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (env_id, number)
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE notifications.sms_opt_outs`);
  }
}
