import { INestApplicationContext } from '@nestjs/common';
import {
  DomainError,
  LogQueryDto,
  LogQueryResultPage,
  newTimeOrderedId,
  Requests,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import {
  bootService,
  createTestDatabase,
  createTestNamespace,
  dropTestNamespace,
  eventually,
  TestDatabase,
  testEnv,
} from '@clarion/testing';
import { v7 as uuidv7 } from 'uuid';
import { LogsEnv } from '../logs.env';
import { LogsModule } from '../logs.module';
import { LogQueriesJanitor } from './log-queries.janitor';

const ACCOUNT = newTimeOrderedId();
const OTHER_ACCOUNT = newTimeOrderedId();
const BUSY_ACCOUNT = newTimeOrderedId();
const ENV = newTimeOrderedId();
const OTHER_ENV = newTimeOrderedId();
const T0 = Date.UTC(2026, 9, 1);
const HOUR = 60 * 60_000;

interface SeededRecord {
  accountId: string;
  envId: string;
  receivedAt: number;
  fields: Record<string, string>;
}

describe('log queries', () => {
  const namespace = createTestNamespace();
  let database: TestDatabase;
  let app: INestApplicationContext;
  let messaging: MessagingClient;
  /** trackingIds of ACCOUNT's records by name. */
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await bootService(
      LogsModule.forRoot(testEnv(LogsEnv, { namespace, databaseUrl: database.url })),
    );
    await app.init();
    messaging = app.get(MessagingClient);
    const seeded: Record<string, SeededRecord> = {
      a1: record(ACCOUNT, ENV, T0 + 1 * HOUR, {
        user_id: 'ada',
        type: 'welcome',
        inapp_routing: 'SEND',
        inapp_sent_at: iso(T0 + HOUR + 5),
        inapp_delivered_at: iso(T0 + HOUR + 9),
      }),
      a2: record(ACCOUNT, OTHER_ENV, T0 + 2 * HOUR, {
        user_id: 'bob',
        type: 'invoice',
        email_routing: 'SEND',
        email_sent_at: iso(T0 + 2 * HOUR + 5),
        email_opened_at: iso(T0 + 3 * HOUR),
      }),
      a3: record(ACCOUNT, ENV, T0 + 3 * HOUR, {
        user_id: 'ada',
        type: 'invoice',
        sms_routing: 'SEND',
        sms_failed_at: iso(T0 + 3 * HOUR + 5),
        sms_failed_code: '30006',
      }),
      a4: record(ACCOUNT, ENV, T0 + 4 * HOUR, {
        user_id: 'cy',
        type: 'welcome',
        inapp_routing: 'THROTTLED',
        ignored: 'THROTTLING',
      }),
      a5: record(ACCOUNT, OTHER_ENV, T0 + 5 * HOUR, {
        user_id: 'ada',
        type: 'reminder',
        scheduled_for: iso(T0 + 30 * HOUR),
      }),
      a6: record(ACCOUNT, ENV, T0 + 6 * HOUR, {
        user_id: 'bob',
        type: 'welcome',
        failed_at: iso(T0 + 6 * HOUR + 1),
        failed_code: 'MISSING_NOTIFICATION_TYPE',
      }),
      // The same send as a1, of another account: no query of ACCOUNT may see it.
      b1: record(OTHER_ACCOUNT, ENV, T0 + 1 * HOUR, {
        user_id: 'ada',
        type: 'welcome',
        inapp_routing: 'SEND',
        inapp_sent_at: iso(T0 + HOUR + 5),
      }),
    };
    Object.assign(ids, await insertRecords(Object.entries(seeded)));
  });

  afterAll(async () => {
    await app.close();
    await Promise.all([database.drop(), dropTestNamespace(namespace)]);
  });

  function record(
    accountId: string,
    envId: string,
    receivedAt: number,
    fields: Record<string, string>,
  ): SeededRecord {
    return { accountId, envId, receivedAt, fields };
  }

  /** Stores records as the events consumer would have merged them; answers their trackingIds. */
  async function insertRecords(named: [string, SeededRecord][]): Promise<Record<string, string>> {
    const rows = named.map(([name, r]) => {
      const trackingId = uuidv7({ msecs: r.receivedAt });
      return {
        name,
        trackingId,
        accountId: r.accountId,
        envId: r.envId,
        record: {
          trackingId,
          accountId: r.accountId,
          envId: r.envId,
          received_at: iso(r.receivedAt),
          ...r.fields,
        },
      };
    });
    await database.query(
      `INSERT INTO logs.log_records (tracking_id, account_id, env_id, record)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::jsonb[])`,
      [
        rows.map((row) => row.trackingId),
        rows.map((row) => row.accountId),
        rows.map((row) => row.envId),
        rows.map((row) => JSON.stringify(row.record)),
      ],
    );
    return Object.fromEntries(rows.map((row) => [row.name, row.trackingId]));
  }

  const start = (filters: LogQueryDto, accountId = ACCOUNT) =>
    messaging.request(Requests.startLogQuery, { accountId, filters });

  /** Reads every page of a result, as the gateway does. */
  async function readResult(queryId: string, accountId = ACCOUNT): Promise<LogQueryResultPage> {
    const first = await messaging.request(Requests.logQueryResult, { accountId, queryId });
    const logs = first.logs ? [...first.logs] : undefined;
    for (let offset = first.nextOffset; offset !== undefined;) {
      const page = await messaging.request(Requests.logQueryResult, {
        accountId,
        queryId,
        offset,
      });
      logs?.push(...(page.logs ?? []));
      offset = page.nextOffset;
    }
    return { ...first, logs, nextOffset: undefined };
  }

  const completed = (queryId: string, accountId = ACCOUNT) =>
    eventually(async () => {
      const result = await readResult(queryId, accountId);
      return result.status === 'Running' ? undefined : result;
    });

  /** The names of the records a query of ACCOUNT answers, in the order it answers them. */
  async function namesOf(filters: LogQueryDto): Promise<string[]> {
    const { queryId } = await start(filters);
    const result = await completed(queryId);
    expect(result.status).toBe('Complete');
    const names = new Map(Object.entries(ids).map(([name, id]) => [id, name]));
    return (result.logs ?? []).map((log) => names.get(log.trackingId) ?? log.trackingId);
  }

  const seconds = (ms: number) => ms / 1000;

  it('answers a queryId at once, then all records of the account, newest first', async () => {
    const { queryId } = await start({});
    expect(queryId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await namesOf({})).toEqual(['a6', 'a5', 'a4', 'a3', 'a2', 'a1']);
    const result = await completed(queryId);
    expect(result.logs?.[5]).toMatchObject({
      trackingId: ids['a1'],
      accountId: ACCOUNT,
      inapp_delivered_at: iso(T0 + HOUR + 9),
    });
    expect(result).not.toHaveProperty('message');
  });

  it('filters by a date range in seconds (both ends included) or milliseconds', async () => {
    expect(
      await namesOf({ dateRangeFilter: [seconds(T0 + 2 * HOUR), seconds(T0 + 4 * HOUR)] }),
    ).toEqual(['a4', 'a3', 'a2']);
    expect(await namesOf({ dateRangeFilter: [T0 + 2 * HOUR, T0 + 4 * HOUR - 1] })).toEqual([
      'a3',
      'a2',
    ]);
    expect(await namesOf({ dateRangeFilter: [seconds(T0 - HOUR), seconds(T0)] })).toEqual([]);
  });

  it('filters by user, environment and notification type', async () => {
    expect(await namesOf({ userFilter: 'ada' })).toEqual(['a5', 'a3', 'a1']);
    expect(await namesOf({ envIdFilter: [OTHER_ENV] })).toEqual(['a5', 'a2']);
    expect(await namesOf({ notificationFilter: ['welcome', 'reminder'] })).toEqual([
      'a6',
      'a5',
      'a4',
      'a1',
    ]);
  });

  it('filters by the step a send reached', async () => {
    expect(await namesOf({ statusFilter: 'sent' })).toEqual(['a2', 'a1']);
    expect(await namesOf({ statusFilter: 'delivered' })).toEqual(['a1']);
    expect(await namesOf({ statusFilter: 'failed' })).toEqual(['a6', 'a3']);
    expect(await namesOf({ statusFilter: 'opened' })).toEqual(['a2']);
    expect(await namesOf({ statusFilter: 'ignored' })).toEqual(['a4']);
    expect(await namesOf({ statusFilter: 'scheduled' })).toEqual(['a5']);
    expect(await namesOf({ statusFilter: 'clicked' })).toEqual([]);
  });

  it('filters by channel, and a step on those channels only', async () => {
    expect(await namesOf({ channelFilter: ['inapp'] })).toEqual(['a4', 'a1']);
    expect(await namesOf({ channelFilter: ['email', 'sms'] })).toEqual(['a3', 'a2']);
    expect(await namesOf({ channelFilter: ['email'], statusFilter: 'sent' })).toEqual(['a2']);
    expect(await namesOf({ channelFilter: ['email'], statusFilter: 'failed' })).toEqual([]);
  });

  it('applies every filter together', async () => {
    expect(
      await namesOf({
        dateRangeFilter: [seconds(T0), seconds(T0 + 6 * HOUR)],
        userFilter: 'ada',
        envIdFilter: [ENV],
        statusFilter: 'failed',
        channelFilter: ['sms'],
        notificationFilter: ['invoice'],
      }),
    ).toEqual(['a3']);
    expect(
      await namesOf({ userFilter: 'ada', envIdFilter: [ENV], notificationFilter: ['reminder'] }),
    ).toEqual([]);
  });

  it("never answers another account's records, nor its queries", async () => {
    const { queryId } = await start({ userFilter: 'ada' }, OTHER_ACCOUNT);
    const result = await completed(queryId, OTHER_ACCOUNT);
    expect(result.logs?.map((log) => log.accountId)).toEqual([OTHER_ACCOUNT]);
    await expect(readResult(queryId, ACCOUNT)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(readResult(newTimeOrderedId())).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const malformed = await readResult('not-a-query').catch((error: unknown) => error);
    expect(malformed).toBeInstanceOf(DomainError);
    expect(malformed).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers the newest 1,000 records, in pages, and says so when more match', async () => {
    const many = Array.from({ length: 1_005 }, (_, i): [string, SeededRecord] => [
      `busy${i}`,
      record(BUSY_ACCOUNT, ENV, T0 + i * 1_000, { user_id: `u${i}`, type: 'bulk' }),
    ]);
    const busyIds = await insertRecords(many);
    const { queryId } = await start({ notificationFilter: ['bulk'] }, BUSY_ACCOUNT);
    const result = await completed(queryId, BUSY_ACCOUNT);
    expect(result.status).toBe('Complete');
    expect(result.logs).toHaveLength(1_000);
    expect(result.logs?.[0]?.trackingId).toBe(busyIds['busy1004']);
    expect(result.logs?.[999]?.trackingId).toBe(busyIds['busy5']);
    expect(result.message).toContain('newest 1000');
    // Every record once, newest first, across the pages.
    const order = result.logs?.map((log) => log.trackingId) ?? [];
    expect(new Set(order).size).toBe(1_000);
    expect([...order].sort().reverse()).toEqual(order);
  });

  it('runs again a query left Running by a replica that stopped, and gives up after three', async () => {
    const stale = newTimeOrderedId();
    const abandoned = newTimeOrderedId();
    const young = newTimeOrderedId();
    await database.query(
      `INSERT INTO logs.log_queries (query_id, account_id, filters, status, attempts, created_at, updated_at)
       VALUES ($1, $4, '{"userFilter":"ada"}', 'Running', 1, now() - interval '1 hour', now() - interval '1 hour'),
              ($2, $4, '{}', 'Running', 3, now() - interval '1 hour', now() - interval '1 hour'),
              ($3, $4, '{}', 'Running', 1, now(), now())`,
      [stale, abandoned, young, ACCOUNT],
    );
    const names = new Map(Object.entries(ids).map(([name, id]) => [id, name]));
    expect((await readResult(stale)).status).toBe('Running');
    const rerun = await completed(stale);
    expect(rerun.logs?.map((log) => names.get(log.trackingId))).toEqual(['a5', 'a3', 'a1']);
    expect(await readResult(abandoned)).toMatchObject({
      status: 'Failed',
      error: expect.stringContaining('did not complete in 3 attempts'),
    });
    expect((await readResult(young)).status).toBe('Running');
    const [row] = await database.query<{ attempts: number }>(
      'SELECT attempts FROM logs.log_queries WHERE query_id = $1',
      [young],
    );
    expect(row?.attempts).toBe(1);
  });

  it('forgets queries a day old', async () => {
    const old = newTimeOrderedId();
    await database.query(
      `INSERT INTO logs.log_queries (query_id, account_id, filters, status, result, created_at)
       VALUES ($1, $2, '{}', 'Complete', '{"logs":[]}', now() - interval '25 hours')`,
      [old, ACCOUNT],
    );
    const { queryId: fresh } = await start({ userFilter: 'cy' });
    await completed(fresh);
    expect(await app.get(LogQueriesJanitor).sweep()).toBeGreaterThanOrEqual(1);
    await expect(readResult(old)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await readResult(fresh)).status).toBe('Complete');
  });
});

function iso(ms: number): string {
  return new Date(ms).toISOString();
}
