import { serviceDataSourceOptions, runMigrationsWithLock } from '@clarion/persistence';
import { createTestDatabase, TestDatabase } from '@clarion/testing';
import { DataSource } from 'typeorm';
import { NOTIFICATIONS_MIGRATIONS, NOTIFICATIONS_SCHEMA } from '../notifications.entities';
import { DropEventsWebhooks1795360000000 } from './1795360000000-drop-events-webhooks';

/** Runs notifications' migrations, up to and without `before` when given, as its boot does. */
async function migrateNotifications(
  db: TestDatabase,
  before?: (typeof NOTIFICATIONS_MIGRATIONS)[number],
): Promise<void> {
  const until = before ? NOTIFICATIONS_MIGRATIONS.indexOf(before) : undefined;
  const dataSource = await new DataSource(
    serviceDataSourceOptions({
      url: db.url,
      schema: NOTIFICATIONS_SCHEMA,
      entities: [],
      migrations: NOTIFICATIONS_MIGRATIONS.slice(0, until),
    }),
  ).initialize();
  try {
    await runMigrationsWithLock(dataSource, NOTIFICATIONS_SCHEMA);
  } finally {
    await dataSource.destroy();
  }
}

const tableExists = async (db: TestDatabase, table: string) =>
  (
    await db.query<{ present: boolean }>(`SELECT to_regclass($1) IS NOT NULL AS present`, [table])
  )[0]?.present;

describe(DropEventsWebhooks1795360000000.name, () => {
  let db: TestDatabase;

  beforeEach(async () => {
    db = await createTestDatabase();
  });

  afterEach(() => db.drop());

  it('keeps the configurations while delivery-workers has not taken them', async () => {
    await migrateNotifications(db, DropEventsWebhooks1795360000000);
    await db.query(
      `INSERT INTO notifications.events_webhooks (env_id, account_id, webhook_id, webhook, events, secret)
       VALUES (gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), 'https://a.test', '{}', 'whsec_YQ==')`,
    );

    await migrateNotifications(db);

    expect(await db.query(`SELECT webhook FROM notifications.events_webhooks`)).toEqual([
      { webhook: 'https://a.test' },
    ]);
  });

  it("drops the table once delivery-workers' exists", async () => {
    // What delivery-workers' migration 1795410000000 leaves when it migrated first.
    await db.query(`CREATE SCHEMA delivery`);
    await db.query(`CREATE TABLE delivery.events_webhooks (env_id uuid PRIMARY KEY)`);

    await migrateNotifications(db);

    expect(await tableExists(db, 'notifications.events_webhooks')).toBe(false);
  });
});
