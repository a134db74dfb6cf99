import { INestApplicationContext } from '@nestjs/common';
import { Channel, EventEnvelope, newTimeOrderedId, Requests } from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { createTestNamespace, eventually, TestDatabase } from '@clarion/testing';
import { connect, NatsConnection } from 'nats';
import { startNotifications, stopNotifications } from '../test-peers/notifications-under-test';
import {
  acceptSend,
  answerEnvironmentSettings,
  eventsOfSend,
} from '../test-peers/sends-under-test';

const ACCOUNT = newTimeOrderedId();
const ENV = newTimeOrderedId();

describe('in-app notifications the inbox refuses for good', () => {
  const namespace = createTestNamespace();
  let database: TestDatabase;
  let app: INestApplicationContext;
  let messaging: MessagingClient;
  let relay: NatsConnection;

  beforeAll(async () => {
    ({ app, database } = await startNotifications(namespace));
    messaging = app.get(MessagingClient);
    relay = await connect({ servers: process.env['NATS_URL'] });
    answerEnvironmentSettings(relay, namespace);
  });

  afterAll(async () => {
    await relay.close();
    await stopNotifications({ app, database }, namespace);
  });

  const processedEventsOf = (trackingId: string) =>
    eventually(async () => {
      const events = await eventsOfSend(relay, namespace, trackingId);
      return events.some((event) => event.kind === 'send.processed') ? events : undefined;
    });

  const inboxOf = (userId: string) =>
    messaging.request(Requests.listInbox, { accountId: ACCOUNT, envId: ENV, userId, count: 10 });

  const deliveryKinds = (events: EventEnvelope[]) =>
    events.map((event) => event.kind).filter((kind) => kind.startsWith('delivery.'));

  it('publishes delivery.inapp.failed (IN_APP_WEB_FAILED) for a title PostgreSQL cannot hold, and stores a good one beside it', async () => {
    const [refused, stored] = await Promise.all([
      acceptSend(
        messaging,
        { accountId: ACCOUNT, envId: ENV },
        {
          type: 'alert',
          to: { id: 'nul-user' },
          forceChannels: [Channel.INAPP_WEB],
          inapp: { title: 'Hello {{name}}' },
          parameters: { name: 'Ada\u0000' },
        },
      ),
      acceptSend(
        messaging,
        { accountId: ACCOUNT, envId: ENV },
        {
          type: 'alert',
          to: { id: 'fine-user' },
          forceChannels: [Channel.INAPP_WEB],
          inapp: { title: 'Hello Grace' },
        },
      ),
    ]);
    const refusedEvents = await processedEventsOf(refused);
    expect(refusedEvents.filter((e) => e.kind === 'delivery.inapp.failed')).toEqual([
      expect.objectContaining({
        id: `${refused}:delivery.inapp.failed`,
        trackingId: refused,
        data: expect.objectContaining({
          channel: 'inapp',
          status: 'failed',
          failedCode: 'IN_APP_WEB_FAILED',
          internal: expect.stringContaining('the inbox could not store it') as unknown,
          userId: 'nul-user',
          notificationId: 'alert',
        }) as unknown,
      }),
    ]);
    const processed = refusedEvents.find((e) => e.kind === 'send.processed');
    expect(processed?.data['deliveries']).toEqual([]);
    expect(await inboxOf('nul-user')).toEqual([]);

    const storedEvents = await processedEventsOf(stored);
    expect(deliveryKinds(storedEvents)).toEqual([]);
    expect(
      (
        storedEvents.find((e) => e.kind === 'send.processed')?.data['deliveries'] as
          { status: string }[] | undefined
      )?.map((step) => step.status),
    ).toEqual(['sent', 'delivered']);
    expect(await inboxOf('fine-user')).toMatchObject([{ id: stored, title: 'Hello Grace' }]);
  });
});
