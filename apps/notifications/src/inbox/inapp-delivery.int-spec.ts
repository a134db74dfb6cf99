import { INestApplicationContext } from '@nestjs/common';
import { EventEnvelope, InboxEntry, Jobs, newTimeOrderedId, Requests } from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { createTestNamespace, eventually, TestDatabase } from '@clarion/testing';
import { connect, NatsConnection } from 'nats';
import { startNotifications, stopNotifications } from '../test-peers/notifications-under-test';

describe('in-app jobs left on the DELIVERY stream by an earlier version', () => {
  const namespace = createTestNamespace();
  let database: TestDatabase;
  let app: INestApplicationContext;
  let messaging: MessagingClient;
  let nats: NatsConnection;

  beforeAll(async () => {
    ({ app, database } = await startNotifications(namespace));
    messaging = app.get(MessagingClient);
    nats = await connect({ servers: process.env['NATS_URL'] });
  });

  afterAll(async () => {
    await nats.close();
    await stopNotifications({ app, database }, namespace);
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

  it('stores each in the inbox once and reports it sent, then delivered', async () => {
    const job = entry();
    const { accountId, envId, userId } = job;
    // Published twice under different msg ids, as a redelivery would hand it over again.
    await messaging.publishJob(Jobs.inappDelivery, job, { msgId: job.trackingId });
    await messaging.publishJob(Jobs.inappDelivery, job, { msgId: `${job.trackingId}:again` });
    const inbox = await eventually(async () => {
      const found = await messaging.request(Requests.listInbox, {
        accountId,
        envId,
        userId,
        count: 10,
      });
      return found.length > 0 ? found : undefined;
    });
    expect(inbox).toMatchObject([{ id: job.trackingId, title: 'Hello Ada' }]);
    const events = await eventually(async () => {
      const found = await eventsOf(job.trackingId);
      return found.length === 2 ? found : undefined;
    });
    expect(events.map((e) => e.kind).sort()).toEqual([
      'delivery.inapp.delivered',
      'delivery.inapp.sent',
    ]);
    expect(
      events.find((e) => e.kind === 'delivery.inapp.delivered')?.data['after'],
    ).toBeGreaterThanOrEqual(50);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const again = await messaging.request(Requests.listInbox, {
      accountId,
      envId,
      userId,
      count: 10,
    });
    expect(again).toHaveLength(1);
  });
});
