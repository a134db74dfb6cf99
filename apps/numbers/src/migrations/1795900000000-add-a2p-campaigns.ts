import { MigrationInterface, QueryRunner } from 'typeorm';

export class AddA2pCampaigns1795900000000 implements MigrationInterface {
  name = 'AddA2pCampaigns1795900000000';

  async up(runner: QueryRunner): Promise<void> {
    // The 10DLC campaign status of each account, as registrations last reported it: the US
    // numbers of an account whose campaign is approved may text (a2pStatus approved).
    await runner.query(`
      CREATE TABLE numbers.a2p_campaigns (
        account_id uuid PRIMARY KEY,
        status text NOT NULL,
        changed_at timestamptz NOT NULL
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE numbers.a2p_campaigns`);
  }
}
