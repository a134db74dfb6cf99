import { INestApplicationContext } from '@nestjs/common';
import {
  Channel,
  EventEnvelope,
  Jobs,
  newTimeOrderedId,
  Requests,
  SendCommand,
  SendDto,
  SendProcessedData,
} from '@clarion/contracts';
import { MessagingClient, payloadsOf } from '@clarion/messaging';
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
import { NotificationsEnv } from '../notifications.env';
import { NotificationsModule } from '../notifications.module';

describe('deduplication and throttling with two notifications replicas', () => {
  const namespace = createTestNamespace();
  const accountId = newTimeOrderedId();
  const envId = newTimeOrderedId();
  let database: TestDatabase;
  let replicas: INestApplicationContext[];
  let nats: NatsConnection;
  const processed = new Map<string, SendProcessedData>();

  beforeAll(async () => {
    database = await createTestDatabase();
    nats = await connect({ servers: process.env['NATS_URL'] });
    // Billing stand-in for environment settings.
    nats.subscribe(`${namespace}.billing.environment.settings`, {
      callback: (_, message) => {
        message.respond(JSON.stringify({ ok: true, data: { envId, disableSending: [] } }));
      },
    });
    nats.subscribe(`${namespace}.evt.send.processed`, {
      callback: (_, message) => {
        for (const event of payloadsOf(message) as EventEnvelope<SendProcessedData>[]) {
          processed.set(event.trackingId, event.data);
        }
      },
    });
    const env = testEnv(NotificationsEnv, { namespace, databaseUrl: database.url });
    replicas = await Promise.all([
      bootService(NotificationsModule.forRoot(env)),
      bootService(NotificationsModule.forRoot(env)),
    ]);
    await Promise.all(replicas.map((replica) => replica.init()));
  });

  afterAll(async () => {
    await Promise.all(replicas.map((replica) => replica.close()));
    await nats.close();
    await Promise.all([database.drop(), dropTestNamespace(namespace)]);
  });

  const messaging = () => replicas[0]!.get(MessagingClient);

  async function sendAll(bodies: SendDto[]): Promise<SendProcessedData[]> {
    const trackingIds = await Promise.all(
      bodies.map(async (body) => {
        const command: SendCommand = {
          trackingId: newTimeOrderedId(),
          accountId,
          envId,
          receivedAt: new Date().toISOString(),
          origin: {},
          body,
        };
        await messaging().publishJob(Jobs.acceptedSend, command, { msgId: command.trackingId });
        return command.trackingId;
      }),
    );
    return eventually(
      () =>
        trackingIds.every((id) => processed.has(id))
          ? trackingIds.map((id) => processed.get(id)!)
          : undefined,
      { timeoutMs: 15_000 },
    );
  }

  const routingCounts = (results: SendProcessedData[]) =>
    results.reduce<Record<string, number>>((counts, result) => {
      const routing = result.channels.inapp?.routing ?? 'none';
      counts[routing] = (counts[routing] ?? 0) + 1;
      return counts;
    }, {});

  it('sends the same content to the same user once within the window', async () => {
    await messaging().request(Requests.createType, {
      accountId,
      envId,
      settings: {
        notificationId: 'dedupe',
        channels: [Channel.INAPP_WEB],
        deduplication: { duration: 60 },
      },
    });
    const same: SendDto = { type: 'dedupe', to: { id: 'ann' }, inapp: { title: 'Same' } };
    const other: SendDto = { type: 'dedupe', to: { id: 'bob' }, inapp: { title: 'Same' } };
    const results = await sendAll([...Array.from({ length: 40 }, () => same), other]);
    expect(routingCounts(results)).toEqual({ SEND: 2, DEDUPLICATED: 39 });
    expect(results.filter((r) => r.ignored === 'DEDUPLICATION')).toHaveLength(39);
  });

  it('holds back sends beyond the throttle limit of a user', async () => {
    await messaging().request(Requests.createType, {
      accountId,
      envId,
      settings: {
        notificationId: 'throttled',
        channels: [Channel.INAPP_WEB],
        throttling: { max: 5, period: 1, unit: 'hours', forever: false, scope: ['userId'] },
      },
    });
    const bodies = Array.from({ length: 40 }, (_, i) => ({
      type: 'throttled',
      to: { id: 'cat' },
      inapp: { title: `Update ${i}` },
    }));
    const results = await sendAll([...bodies, { ...bodies[0]!, to: { id: 'dan' } }]);
    expect(routingCounts(results)).toEqual({ SEND: 6, THROTTLED: 35 });
    expect(results.filter((r) => r.ignored === 'THROTTLING')).toHaveLength(35);
    const counters = await database.query<{ count: number }>(
      'SELECT count FROM notifications.throttle_counters ORDER BY scope_key',
    );
    expect(counters.map((row) => row.count)).toEqual([40, 1]);
  });
});
