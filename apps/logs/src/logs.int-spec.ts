import { INestApplicationContext } from '@nestjs/common';
import {
  ClarionEvent,
  DeliveryEventData,
  deliveryEventKind,
  DeliveryStatus,
  eventOf,
  EventOfKind,
  newTimeOrderedId,
  Requests,
  Routing,
  SEND_PROCESSED,
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
import { Client } from 'pg';
import { LogsEnv } from './logs.env';
import { LogsModule } from './logs.module';

const ACCOUNT = newTimeOrderedId();
const OTHER_ACCOUNT = newTimeOrderedId();
const ENV = newTimeOrderedId();

describe('logs', () => {
  const namespace = createTestNamespace();
  let database: TestDatabase;
  let app: INestApplicationContext;
  let messaging: MessagingClient;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await bootService(
      LogsModule.forRoot(testEnv(LogsEnv, { namespace, databaseUrl: database.url })),
    );
    await app.init();
    messaging = app.get(MessagingClient);
  });

  afterAll(async () => {
    await app.close();
    await Promise.all([database.drop(), dropTestNamespace(namespace)]);
  });

  function event<K extends ClarionEvent['kind']>(
    trackingId: string,
    kind: K,
    data: EventOfKind<K>['data'],
    accountId = ACCOUNT,
  ): EventOfKind<K> {
    return eventOf(kind, {
      id: `${trackingId}:${kind}`,
      trackingId,
      accountId,
      envId: ENV,
      occurredAt: new Date().toISOString(),
      data,
    } as Omit<EventOfKind<K>, 'kind'>);
  }

  const logsOf = (trackingIds: string[], accountId = ACCOUNT) =>
    messaging.request(Requests.logsByTrackingIds, { accountId, trackingIds });

  it('merges the events of a send into one record, whatever order they arrive in', async () => {
    const trackingId = newTimeOrderedId();
    await messaging.publishEvent(
      event(trackingId, deliveryEventKind('inapp', 'delivered'), {
        channel: 'inapp',
        status: 'delivered',
        at: '2026-11-21T10:00:00.300Z',
        after: 300,
      }),
    );
    await messaging.publishEvent(
      event(trackingId, SEND_PROCESSED, {
        type: 'welcome',
        receivedAt: '2026-11-21T10:00:00.000Z',
        processedAt: '2026-11-21T10:00:00.100Z',
        request: '{}',
        user: { id: 'ada' },
        channels: { inapp: { routing: Routing.SEND, preview: 'Hello' } },
      }),
    );
    const [record] = await eventually(async () => {
      const logs = await logsOf([trackingId]);
      return logs[0]?.['inapp_delivered_at'] && logs[0]?.received_at ? logs : undefined;
    });
    expect(record).toMatchObject({
      trackingId,
      accountId: ACCOUNT,
      envId: ENV,
      type: 'welcome',
      received_at: '2026-11-21T10:00:00.000Z',
      inapp_routing: 'SEND',
      inapp_delivered_at: '2026-11-21T10:00:00.300Z',
      inapp_delivered_after: 300,
    });
  });

  it('never shows a record to another account, nor lets another account change it', async () => {
    const trackingId = newTimeOrderedId();
    await messaging.publishEvent(
      event(trackingId, SEND_PROCESSED, {
        type: 'secret',
        receivedAt: '2026-11-21T10:00:00.000Z',
        processedAt: '2026-11-21T10:00:00.000Z',
        request: '{}',
        user: { id: 'u' },
        channels: {},
      }),
    );
    await eventually(async () => ((await logsOf([trackingId])).length === 1 ? true : undefined));
    await messaging.publishEvent(
      event(
        trackingId,
        deliveryEventKind('inapp', 'failed'),
        {
          channel: 'inapp',
          status: 'failed',
          at: '2026-11-21T10:00:01.000Z',
          after: 1,
          failedCode: 'UNKNOWN',
        },
        OTHER_ACCOUNT,
      ),
    );
    const marker = newTimeOrderedId();
    await messaging.publishEvent(
      event(marker, SEND_PROCESSED, {
        type: 'marker',
        receivedAt: '2026-11-21T10:00:00.000Z',
        processedAt: '2026-11-21T10:00:00.000Z',
        request: '{}',
        user: { id: 'u' },
        channels: {},
      }),
    );
    await eventually(async () => ((await logsOf([marker])).length === 1 ? true : undefined));
    await expect(logsOf([trackingId], OTHER_ACCOUNT)).resolves.toEqual([]);
    const [record] = await logsOf([trackingId]);
    expect(record).not.toHaveProperty('inapp_failed_at');
  });

  it('stores the steps of a send with its record: no step is listed before the record', async () => {
    const trackingId = newTimeOrderedId();
    // Another session holds back every write to the records, as a slow merge would.
    const holder = new Client({ connectionString: database.url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE logs.log_records IN SHARE ROW EXCLUSIVE MODE');
      await messaging.publishEvent(
        event(trackingId, SEND_PROCESSED, {
          type: 'together',
          receivedAt: '2026-11-21T10:00:00.000Z',
          processedAt: '2026-11-21T10:00:00.000Z',
          request: '{}',
          user: { id: 'u' },
          channels: { inapp: { routing: Routing.SEND } },
        }),
      );
      // The consumer's merge waits on the lock, and nothing else of it is still running.
      await eventually(async () => {
        const [state] = await database.query<{ waiting: boolean; running: number }>(
          `SELECT EXISTS (SELECT 1 FROM pg_locks
                           WHERE NOT granted AND relation = 'logs.log_records'::regclass) AS waiting,
                  (SELECT count(*)::int FROM pg_stat_activity
                    WHERE datname = current_database() AND pid <> pg_backend_pid()
                      AND state = 'active' AND wait_event_type IS DISTINCT FROM 'Lock') AS running`,
        );
        return state?.waiting && state.running === 0 ? true : undefined;
      });
      const steps = await database.query(
        'SELECT event_type FROM logs.log_events WHERE tracking_id = $1',
        [trackingId],
      );
      expect(steps).toEqual([]);
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }
    await eventually(async () => ((await logsOf([trackingId])).length === 1 ? true : undefined));
    const steps = await database.query('SELECT 1 FROM logs.log_events WHERE tracking_id = $1', [
      trackingId,
    ]);
    expect(steps.length).toBeGreaterThan(0);
  });

  it('lists every step newest first, a page at a time, with inbound messages in full', async () => {
    const account = newTimeOrderedId();
    const trackingId = newTimeOrderedId();
    const step = (status: DeliveryStatus, at: string, fields?: DeliveryEventData['fields']) =>
      messaging.publishEvent(
        event(
          trackingId,
          deliveryEventKind('sms', status),
          { channel: 'sms', status, at, fields },
          account,
        ),
      );
    await step('sent', '2026-11-21T10:00:00.000Z', { messageId: 'SM1' });
    await step('delivered', '2026-11-21T10:00:01.000Z');
    await step('inbound', '2026-11-21T10:00:02.000Z', {
      from: '+15550100000',
      to: '+15550001111',
      text: 'Thanks',
      media: 'https://media.example/a.jpg',
    });
    const first = await eventually(async () => {
      const page = await messaging.request(Requests.logsPage, { accountId: account, limit: 2 });
      return page.messages.length === 2 && page.nextCursor ? page : undefined;
    });
    expect(first.messages).toEqual([
      expect.objectContaining({
        trackingId,
        eventType: 'SMS_INBOUND',
        timestamp: '2026-11-21T10:00:02.000Z',
        epochMs: Date.parse('2026-11-21T10:00:02.000Z'),
        from: '+15550100000',
        to: ['+15550001111'],
        bodyText: 'Thanks',
        media: [{ url: 'https://media.example/a.jpg' }],
      }),
      expect.objectContaining({ eventType: 'SMS_DELIVERED' }),
    ]);
    const second = await messaging.request(Requests.logsPage, {
      accountId: account,
      limit: 2,
      cursor: first.nextCursor,
    });
    expect(second.messages).toEqual([
      expect.objectContaining({ eventType: 'SMS_SENT', messageId: 'SM1' }),
    ]);
    expect(second.nextCursor).toBeUndefined();
    await expect(
      messaging.request(Requests.logsPage, { accountId: account, limit: 2, cursor: 'garbage' }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(
      messaging.request(Requests.logsPage, { accountId: OTHER_ACCOUNT, limit: 10 }),
    ).resolves.not.toMatchObject({
      messages: expect.arrayContaining([expect.objectContaining({ trackingId })]),
    });
  });

  it('tails the newest records and records webhook results on them', async () => {
    const account = newTimeOrderedId();
    const older = newTimeOrderedId();
    const newer = newTimeOrderedId();
    for (const trackingId of [older, newer]) {
      await messaging.publishEvent(
        event(
          trackingId,
          'webhook.result',
          { channel: 'email', status: 'opened', result: '200', delivered: true },
          account,
        ),
      );
    }
    const tail = await eventually(async () => {
      const logs = await messaging.request(Requests.logsTail, { accountId: account });
      return logs.length === 2 ? logs : undefined;
    });
    expect(tail.map((log) => log.trackingId)).toEqual([newer, older]);
    expect(tail[0]).toMatchObject({ email_opened_webhook_res: '200' });
    const steps = await messaging.request(Requests.logsPage, { accountId: account, limit: 10 });
    expect(steps.messages).toEqual([]);
  });
});
