import { INestApplicationContext } from '@nestjs/common';
import { Channel, newTimeOrderedId, Requests, SendDto } from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { createTestNamespace, eventually, TestDatabase } from '@clarion/testing';
import { connect, NatsConnection } from 'nats';
import { acceptSend, answerEnvironmentSettings, eventsOfSend } from './test-peers/sends-under-test';
import { startNotifications, stopNotifications } from './test-peers/notifications-under-test';

const ACCOUNT = newTimeOrderedId();
const ENV = newTimeOrderedId();
const OTHER_ENV = newTimeOrderedId();
const QUIET_ENV = newTimeOrderedId();

describe('the send pipeline: accepted sends become users, types and inbox entries', () => {
  let database: TestDatabase;
  let notifications: INestApplicationContext;
  let messaging: MessagingClient;
  let relay: NatsConnection;
  const namespace = createTestNamespace();

  beforeAll(async () => {
    ({ app: notifications, database } = await startNotifications(namespace));
    messaging = notifications.get(MessagingClient);
    relay = await connect({ servers: process.env['NATS_URL'] });
    // In-app sending is disabled in QUIET_ENV.
    answerEnvironmentSettings(relay, namespace, (envId) =>
      envId === QUIET_ENV ? [Channel.INAPP_WEB] : [],
    );
  });

  afterAll(async () => {
    await relay.close();
    await stopNotifications({ app: notifications, database }, namespace);
  });

  const accept = (body: SendDto, envId = ENV) =>
    acceptSend(messaging, { accountId: ACCOUNT, envId }, body);

  const inboxOf = (userId: string, envId = ENV) =>
    messaging.request(Requests.listInbox, { accountId: ACCOUNT, envId, userId, count: 10 });

  it('renders the title from parameters and stores it in the user inbox under the trackingId', async () => {
    const trackingId = await accept({
      type: 'welcome',
      to: { id: 'ada', email: 'ada@example.test' },
      forceChannels: [Channel.INAPP_WEB],
      inapp: { title: 'Hello {{name}}', url: 'https://example.test/{{name}}' },
      parameters: { name: 'Ada' },
    });
    const [entry] = await eventually(async () =>
      (await inboxOf('ada')).length > 0 ? inboxOf('ada') : undefined,
    );
    expect(entry).toMatchObject({
      id: trackingId,
      notificationId: 'welcome',
      title: 'Hello Ada',
      redirectURL: 'https://example.test/Ada',
      seen: false,
    });
    await expect(
      messaging.request(Requests.countUnread, { accountId: ACCOUNT, envId: ENV, userId: 'ada' }),
    ).resolves.toBe(1);
    // One event for the send: the in-app steps travel in it rather than as events of their own
    // (which were published before it).
    const events = await eventually(async () => {
      const found = await eventsOfSend(relay, namespace, trackingId);
      return found.some((event) => event.kind === 'send.processed') ? found : undefined;
    });
    expect(events.map((event) => event.kind)).toEqual(['send.processed']);
    expect(events[0]?.data['deliveries']).toEqual([
      { channel: 'inapp', status: 'sent', at: expect.any(String), after: expect.any(Number) },
      { channel: 'inapp', status: 'delivered', at: expect.any(String), after: expect.any(Number) },
    ]);
  });

  it('creates the user from `to` and the notification type when new', async () => {
    await accept({
      type: 'digest',
      to: { id: 'bob', email: 'bob@example.test', timezone: 'Europe/Paris' },
      inapp: { title: 'Digest' },
    });
    const user = await eventually(async () => {
      const found = await messaging.request(Requests.getUser, {
        accountId: ACCOUNT,
        envId: ENV,
        userId: 'bob',
      });
      return found.createdAt ? found : undefined;
    });
    expect(user).toMatchObject({ id: 'bob', email: 'bob@example.test', timezone: 'Europe/Paris' });
    const types = await database.query<{ channels: string }>(
      `SELECT channels::text FROM notifications.notification_types WHERE notification_id = 'digest'`,
    );
    expect(types).toEqual([{ channels: '{INAPP_WEB}' }]);
    await eventually(async () => ((await inboxOf('bob')).length === 1 ? true : undefined));
  });

  it('processes a burst of sends, each exactly once', async () => {
    const trackingIds = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        accept({ type: 'burst', to: { id: `burst-${i % 3}` }, inapp: { title: `n${i}` } }),
      ),
    );
    const stored = await eventually(async () => {
      const rows = await database.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM notifications.inbox_notifications WHERE tracking_id = ANY($1::uuid[])',
        [trackingIds],
      );
      return rows[0]!.n === trackingIds.length ? rows[0]!.n : undefined;
    });
    expect(stored).toBe(60);
  });

  it('keeps environments apart: a user of one environment never sees another environment inbox', async () => {
    await accept({ type: 'private', to: { id: 'shared-id' }, inapp: { title: 'for env A' } });
    await accept(
      { type: 'private', to: { id: 'shared-id' }, inapp: { title: 'for env B' } },
      OTHER_ENV,
    );
    const inA = await eventually(async () =>
      (await inboxOf('shared-id')).length === 1 ? inboxOf('shared-id') : undefined,
    );
    const inB = await eventually(async () =>
      (await inboxOf('shared-id', OTHER_ENV)).length === 1
        ? inboxOf('shared-id', OTHER_ENV)
        : undefined,
    );
    expect(inA.map((n) => n.title)).toEqual(['for env A']);
    expect(inB.map((n) => n.title)).toEqual(['for env B']);
  });

  it('skips a channel the environment disables and records it as IGNORE_BY_ENVIRONMENT', async () => {
    const trackingId = await accept(
      { type: 'quiet', to: { id: 'dora' }, inapp: { title: 'muted' } },
      QUIET_ENV,
    );
    const processed = await eventually(async () => {
      const events = await eventsOfSend(relay, namespace, trackingId);
      return events.find((event) => event.kind === 'send.processed');
    });
    expect(processed.data).toMatchObject({
      channels: { inapp: { routing: 'IGNORE', reason: 'IGNORE_BY_ENVIRONMENT' } },
      ignored: 'ALL_CHANNELS_IGNORED',
    });
    await expect(inboxOf('dora', QUIET_ENV)).resolves.toEqual([]);
  });
});
