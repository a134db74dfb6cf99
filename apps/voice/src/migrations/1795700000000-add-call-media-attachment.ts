import { MigrationInterface, QueryRunner } from 'typeorm';

export class AddCallMediaAttachment1795700000000 implements MigrationInterface {
  name = 'AddCallMediaAttachment1795700000000';

  async up(runner: QueryRunner): Promise<void> {
    // When a media websocket took the call: a call's audio is carried by one socket only.
    await runner.query(`ALTER TABLE voice.calls ADD COLUMN media_attached_at timestamptz`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE voice.calls DROP COLUMN media_attached_at`);
  }
}
