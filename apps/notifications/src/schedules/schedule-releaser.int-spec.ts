import { INestApplicationContext } from '@nestjs/common';
import { newTimeOrderedId, Requests, SendCommand } from '@clarion/contracts';
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
import { connect, NatsConnection } from 'nats';
import { NotificationsEnv } from '../notifications.env';
import { NotificationsModule } from '../notifications.module';

describe('scheduled sends with two notifications replicas', () => {
  const namespace = createTestNamespace();
  let database: TestDatabase;
  let replicas: INestApplicationContext[];
  let nats: NatsConnection;
  const releases = new Map<string, number>();

  beforeAll(async () => {
    database = await createTestDatabase();
    nats = await connect({ servers: process.env['NATS_URL'] });
    // Billing stand-in for environment settings.
    nats.subscribe(`${namespace}.billing.environment.settings`, {
      callback: (_, message) => {
        const { envId } = message.json<{ envId: string }>();
        message.respond(JSON.stringify({ ok: true, data: { envId, disableSending: [] } }));
      },
    });
    // Every publish of a released send, duplicates included, as the wire carries them.
    nats.subscribe(`${namespace}.sends.accepted`, {
      callback: (_, message) => {
        const command = message.json<SendCommand>();
        if (command.releasedFromSchedule)
          releases.set(command.trackingId, (releases.get(command.trackingId) ?? 0) + 1);
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

  it('releases every due send exactly once, on time', async () => {
    const messaging = replicas[0]!.get(MessagingClient);
    const dueAt = new Date(Date.now() + 1_500).toISOString();
    const trackingIds = await Promise.all(
      Array.from({ length: 60 }, async (_, i) => {
        const command: SendCommand = {
          trackingId: newTimeOrderedId(),
          accountId: newTimeOrderedId(),
          envId: newTimeOrderedId(),
          receivedAt: new Date().toISOString(),
          origin: {},
          body: { type: 'later', to: { id: `u${i}` }, inapp: { title: 'due' }, schedule: dueAt },
        };
        await messaging.request(Requests.scheduleSend, command);
        return command.trackingId;
      }),
    );
    await eventually(() => (trackingIds.every((id) => releases.has(id)) ? true : undefined), {
      timeoutMs: 10_000,
    });
    expect(Date.now() - Date.parse(dueAt)).toBeLessThan(1_500);
    // A duplicate release would follow within a poll or two (200 ms each): give it the chance.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(trackingIds.map((id) => releases.get(id))).toEqual(trackingIds.map(() => 1));
    const statuses = await database.query<{ status: string; n: number }>(
      'SELECT status, count(*)::int AS n FROM notifications.scheduled_sends GROUP BY status',
    );
    expect(statuses).toEqual([{ status: 'released', n: 60 }]);
  });
});
