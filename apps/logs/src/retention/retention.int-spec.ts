import { INestApplicationContext } from '@nestjs/common';
import { AccountDetailsDto, BudgetTier, newTimeOrderedId } from '@clarion/contracts';
import {
  bootService,
  createTestDatabase,
  createTestNamespace,
  dropTestNamespace,
  eventually,
  TestDatabase,
  testEnv,
} from '@clarion/testing';
import { connect, NatsConnection } from 'nats';
import { Client } from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { LogsEnv } from '../logs.env';
import { LogsModule } from '../logs.module';
import { RetentionPurger } from './retention-purger';

const DAY = 24 * 60 * 60_000;
const FREE = newTimeOrderedId();
const PAID = newTimeOrderedId();
const UNKNOWN = newTimeOrderedId();
const SILENT = newTimeOrderedId();
const ENV = newTimeOrderedId();

type Plan = Pick<AccountDetailsDto, 'accountType' | 'tier'>;

describe('log retention purge', () => {
  const namespace = createTestNamespace();
  let database: TestDatabase;
  let nats: NatsConnection;
  let app: INestApplicationContext;
  let sut: RetentionPurger;
  /** The billing stand-in's plans; UNKNOWN is not found, SILENT never answered. */
  const plans = new Map<string, Plan>([
    [FREE, { accountType: 'free', tier: 'budget_20' }],
    [PAID, { accountType: 'paid', tier: 'budget_250' as BudgetTier }],
  ]);
  let now: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    nats = await connect({ servers: process.env['NATS_URL'] });
    nats.subscribe(`${namespace}.billing.account.get`, {
      callback: (_, message) => {
        const { accountId } = message.json<{ accountId: string }>();
        if (accountId === SILENT) return;
        const plan = plans.get(accountId);
        message.respond(
          JSON.stringify(
            plan
              ? { ok: true, data: { accountId, ...plan } }
              : { ok: false, error: { code: 'NOT_FOUND', message: 'The account was not found' } },
          ),
        );
      },
    });
    process.env['LOG_RETENTION_PURGE_BATCH'] = '2';
    try {
      app = await bootService(
        LogsModule.forRoot(
          testEnv(LogsEnv, { namespace, databaseUrl: database.url, REQUEST_TIMEOUT_MS: '300' }),
        ),
      );
    } finally {
      delete process.env['LOG_RETENTION_PURGE_BATCH'];
    }
    await app.init();
    sut = app.get(RetentionPurger);
  });

  afterAll(async () => {
    await app.close();
    await nats.close();
    await Promise.all([database.drop(), dropTestNamespace(namespace)]);
  });

  beforeEach(async () => {
    now = Date.now();
    await database.query('TRUNCATE logs.log_records, logs.log_events');
  });

  /** A record (and one event-log step) of a send received `ageDays` ago. */
  async function seed(accountId: string, ageDays: number[]): Promise<void> {
    for (const age of ageDays) {
      const receivedAt = now - age * DAY;
      const trackingId = uuidv7({ msecs: receivedAt });
      await database.query(
        `INSERT INTO logs.log_records (tracking_id, account_id, env_id, record)
         VALUES ($1::uuid, $2, $3, jsonb_build_object('trackingId', $5::text, 'received_at', $4::text))`,
        [trackingId, accountId, ENV, new Date(receivedAt).toISOString(), trackingId],
      );
      await database.query(
        `INSERT INTO logs.log_events (account_id, event_id, tracking_id, env_id, event_type, at)
         VALUES ($1, $2, $3, $4, 'SEND_PROCESSED', $5)`,
        [accountId, `${trackingId}:send.processed`, trackingId, ENV, new Date(receivedAt)],
      );
    }
  }

  /** Ages in days (rounded) of the records and of the steps an account has left. */
  async function agesOf(accountId: string): Promise<{ records: number[]; events: number[] }> {
    const rows = await database.query<{ kind: string; age: number }>(
      `SELECT 'record' AS kind,
              round(extract(epoch FROM to_timestamp($2::double precision / 1000)
                - (record->>'received_at')::timestamptz) / 86400)::int AS age
         FROM logs.log_records WHERE account_id = $1
       UNION ALL
       SELECT 'event', round(extract(epoch FROM to_timestamp($2::double precision / 1000) - at) / 86400)::int
         FROM logs.log_events WHERE account_id = $1`,
      [accountId, now],
    );
    const sorted = (kind: string) =>
      rows
        .filter((row) => row.kind === kind)
        .map((row) => row.age)
        .sort((a, b) => a - b);
    return { records: sorted('record'), events: sorted('event') };
  }

  it("deletes each account's logs older than its plan keeps them, in batches", async () => {
    await seed(FREE, [1, 6, 8, 9, 10, 40]);
    await seed(PAID, [1, 8, 89, 91, 200]);
    expect(await sut.purgeOnce(now)).toEqual({ purged: 2, records: 6, skipped: 0 });
    expect(await agesOf(FREE)).toEqual({ records: [1, 6], events: [1, 6] });
    expect(await agesOf(PAID)).toEqual({ records: [1, 8, 89], events: [1, 8, 89] });
  });

  it('keeps the logs of accounts billing does not answer for', async () => {
    await seed(UNKNOWN, [1, 100]);
    await seed(SILENT, [1, 100]);
    await seed(FREE, [30]);
    expect(await sut.purgeOnce(now)).toEqual({ purged: 1, records: 1, skipped: 2 });
    expect(await agesOf(UNKNOWN)).toEqual({ records: [1, 100], events: [1, 100] });
    expect(await agesOf(SILENT)).toEqual({ records: [1, 100], events: [1, 100] });
    expect(await agesOf(FREE)).toEqual({ records: [], events: [] });
  });

  it('skips a round while another replica is purging', async () => {
    await seed(FREE, [30]);
    const otherReplica = new Client({ connectionString: database.url });
    await otherReplica.connect();
    try {
      await otherReplica.query("SELECT pg_advisory_lock(hashtext('clarion:logs:retention-purge'))");
      expect(await sut.purgeOnce(now)).toBeUndefined();
      expect((await agesOf(FREE)).records).toEqual([30]);
    } finally {
      await otherReplica.end();
    }
    expect(await sut.purgeOnce(now)).toMatchObject({ records: 1 });
  });

  it('uses the new plan once billing says the account changed', async () => {
    await seed(PAID, [1, 8, 40]);
    await sut.purgeOnce(now);
    expect((await agesOf(PAID)).records).toEqual([1, 8, 40]);
    plans.set(PAID, { accountType: 'free', tier: 'budget_250' });
    try {
      await sut.purgeOnce(now);
      // Remembered for an hour…
      expect((await agesOf(PAID)).records).toEqual([1, 8, 40]);
      // …unless billing broadcasts the change.
      nats.publish(
        `${namespace}.billing.changes`,
        JSON.stringify({ kind: 'account-changed', accountId: PAID }),
      );
      await eventually(async () => {
        await sut.purgeOnce(now);
        const { records } = await agesOf(PAID);
        return records.length === 1 ? records : undefined;
      });
      expect(await agesOf(PAID)).toEqual({ records: [1], events: [1] });
    } finally {
      plans.set(PAID, { accountType: 'paid', tier: 'budget_250' });
    }
  });
});
