import { INestApplicationContext } from '@nestjs/common';
import {
  EventEnvelope,
  InboxEntry,
  Jobs,
  newTimeOrderedId,
  StoreInboxEntriesRequest,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import {
  bootService,
  createTestNamespace,
  dropTestNamespace,
  eventually,
  testEnv,
} from '@clarion/testing';
import { connect, JSONCodec, NatsConnection } from 'nats';
import { DeliveryWorkersEnv } from '../delivery-workers.env';
import { DeliveryWorkersModule } from '../delivery-workers.module';

const json = JSONCodec();

describe('in-app delivery', () => {
  const namespace = createTestNamespace();
  let app: INestApplicationContext;
  let nats: NatsConnection;
  const stored: InboxEntry[] = [];
  let inboxAvailable = true;

  beforeAll(async () => {
    nats = await connect({ servers: process.env['NATS_URL'] });
    // The inbox (owned by notifications) answers over NATS; here a loopback stand-in records it.
    nats.subscribe(`${namespace}.notifications.inbox.store`, {
      callback: (_, message) => {
        if (!inboxAvailable)
          return message.respond(
            json.encode({ ok: false, error: { code: 'SERVICE_UNAVAILABLE', message: 'down' } }),
          );
        stored.push(...(json.decode(message.data) as StoreInboxEntriesRequest).entries);
        message.respond(json.encode({ ok: true, data: { storedAt: new Date().toISOString() } }));
      },
    });
    app = await bootService(
      DeliveryWorkersModule.forRoot(testEnv(DeliveryWorkersEnv, { namespace })),
    );
    await app.init();
  });

  afterAll(async () => {
    await app.close();
    await nats.close();
    await dropTestNamespace(namespace);
  });

  function entry(): InboxEntry {
    return {
      trackingId: newTimeOrderedId(),
      accountId: newTimeOrderedId(),
      envId: newTimeOrderedId(),
      userId: 'ada',
      notificationId: 'welcome',
      title: 'Hello Ada',
      parameters: {},
      receivedAt: new Date(Date.now() - 50).toISOString(),
    };
  }

  async function eventsOf(trackingId: string): Promise<EventEnvelope[]> {
    const consumer = await nats.jetstream().consumers.get(`${namespace}_EVENTS`);
    const events: EventEnvelope[] = [];
    for await (const message of await consumer.fetch({ max_messages: 100, expires: 1_000 })) {
      events.push(message.json<EventEnvelope>());
    }
    return events.filter((event) => event.trackingId === trackingId);
  }

  it('stores the job in the inbox and reports it sent, then delivered', async () => {
    const job = entry();
    await app.get(MessagingClient).publishJob(Jobs.inappDelivery, job, { msgId: job.trackingId });
    await eventually(() =>
      stored.some((e) => e.trackingId === job.trackingId) ? true : undefined,
    );
    const events = await eventually(async () => {
      const found = await eventsOf(job.trackingId);
      return found.length === 2 ? found : undefined;
    });
    expect(events.map((e) => e.kind).sort()).toEqual([
      'delivery.inapp.delivered',
      'delivery.inapp.sent',
    ]);
    const delivered = events.find((e) => e.kind === 'delivery.inapp.delivered');
    expect(delivered?.data).toMatchObject({
      channel: 'inapp',
      status: 'delivered',
      after: expect.any(Number),
    });
    expect(delivered?.data['after']).toBeGreaterThanOrEqual(50);
  });

  it('keeps a job while the inbox is unavailable and delivers it once it is back', async () => {
    inboxAvailable = false;
    const job = entry();
    await app.get(MessagingClient).publishJob(Jobs.inappDelivery, job, { msgId: job.trackingId });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stored.some((e) => e.trackingId === job.trackingId)).toBe(false);
    inboxAvailable = true;
    await eventually(
      () => (stored.some((e) => e.trackingId === job.trackingId) ? true : undefined),
      { timeoutMs: 10_000 },
    );
  });
});
