import { serviceDataSourceOptions, runMigrationsWithLock } from '@clarion/persistence';
import { createTestDatabase, TestDatabase } from '@clarion/testing';
import { DataSource } from 'typeorm';
import { CreateDeliveryTables1795400000000 } from './1795400000000-create-delivery-tables';
import { TakeOverEventsWebhooks1795410000000 } from './1795410000000-take-over-events-webhooks';

/** The table notifications kept the configuration in (its migration 1795330000000), with rows. */
async function notificationsTableWithRows(db: TestDatabase): Promise<void> {
  await db.query(`CREATE SCHEMA notifications`);
  await db.query(`
    CREATE TABLE notifications.events_webhooks (
      env_id uuid PRIMARY KEY,
      account_id uuid NOT NULL,
      webhook_id uuid NOT NULL,
      webhook text NOT NULL,
      events text[] NOT NULL,
      secret text NOT NULL,
      disabled_at timestamptz,
      disabled_reason text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
  await db.query(`
    INSERT INTO notifications.events_webhooks
      (env_id, account_id, webhook_id, webhook, events, secret, disabled_at, disabled_reason, created_at)
    VALUES
      (gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), 'https://a.test/hook',
       '{SMS_FAILED,EMAIL_OPEN}', 'whsec_YQ==', NULL, NULL, '2026-01-02T03:04:05Z'),
      (gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), 'https://b.test/hook',
       '{CALL_FAILED}', 'whsec_Yg==', '2026-02-03T04:05:06Z', 'https://b.test/hook answered 410 Gone',
       '2026-01-01T00:00:00Z')`);
}

/** Runs delivery-workers' migrations as its boot does. */
async function migrateDelivery(db: TestDatabase): Promise<void> {
  const dataSource = await new DataSource(
    serviceDataSourceOptions({
      url: db.url,
      schema: 'delivery',
      entities: [],
      migrations: [CreateDeliveryTables1795400000000, TakeOverEventsWebhooks1795410000000],
    }),
  ).initialize();
  try {
    await runMigrationsWithLock(dataSource, 'delivery');
  } finally {
    await dataSource.destroy();
  }
}

const allRows = (db: TestDatabase, table: string) =>
  db.query(
    `SELECT env_id, account_id, webhook_id, webhook, events, secret, disabled_at, disabled_reason,
            created_at, updated_at
       FROM ${table} ORDER BY webhook`,
  );

const tableExists = async (db: TestDatabase, table: string) =>
  (
    await db.query<{ present: boolean }>(`SELECT to_regclass($1) IS NOT NULL AS present`, [table])
  )[0]?.present;

describe(TakeOverEventsWebhooks1795410000000.name, () => {
  let db: TestDatabase;

  beforeEach(async () => {
    db = await createTestDatabase();
  });

  afterEach(() => db.drop());

  it("moves notifications' configurations, every column of them, and drops its table", async () => {
    await notificationsTableWithRows(db);
    const before = await allRows(db, 'notifications.events_webhooks');

    await migrateDelivery(db);

    expect(before).toHaveLength(2);
    expect(await allRows(db, 'delivery.events_webhooks')).toEqual(before);
    expect(await tableExists(db, 'notifications.events_webhooks')).toBe(false);
  });

  it('creates an empty table where notifications never had one', async () => {
    await migrateDelivery(db);

    expect(await allRows(db, 'delivery.events_webhooks')).toEqual([]);
    expect(await tableExists(db, 'notifications.events_webhooks')).toBe(false);
  });
});
