import { INestApplicationContext } from '@nestjs/common';
import {
  Channel,
  DeliveryOption,
  EventEnvelope,
  newTimeOrderedId,
  Requests,
  SendDto,
} from '@clarion/contracts';
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

describe('failures the send pipeline decides are published as delivery failures', () => {
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

  const accept = (body: SendDto) => acceptSend(messaging, { accountId: ACCOUNT, envId: ENV }, body);

  /** The events of a send once its `send.processed` is on the stream. */
  const processedEventsOf = (trackingId: string) =>
    eventually(async () => {
      const events = await eventsOfSend(relay, namespace, trackingId);
      return events.some((event) => event.kind === 'send.processed') ? events : undefined;
    });

  const failureOf = (events: EventEnvelope[]) =>
    events.filter((event) => event.kind.startsWith('delivery.'));

  it('publishes delivery.email.failed for a forced email to a user without an address, and stores the in-app', async () => {
    const trackingId = await accept({
      type: 'alert',
      to: { id: 'no-address' },
      forceChannels: [Channel.EMAIL, Channel.INAPP_WEB],
      email: { subject: 'Alert', html: '<p>alert</p>' },
      inapp: { title: 'Alert' },
    });
    const events = await processedEventsOf(trackingId);
    expect(failureOf(events)).toEqual([
      {
        id: `${trackingId}:delivery.email.failed`,
        kind: 'delivery.email.failed',
        trackingId,
        accountId: ACCOUNT,
        envId: ENV,
        occurredAt: expect.any(String),
        data: {
          channel: 'email',
          status: 'failed',
          at: expect.any(String),
          failedCode: 'MISSING_EMAIL_RECIPIENT',
          internal: 'the user has no email address',
          userId: 'no-address',
          notificationId: 'alert',
        },
      },
    ]);
    const processed = events.find((event) => event.kind === 'send.processed');
    expect(processed?.data['channels']).toMatchObject({
      email: { routing: 'SEND', failedCode: 'MISSING_EMAIL_RECIPIENT' },
      inapp: { routing: 'SEND' },
    });
    // The failure happened when the send was processed: the log's email_failed_at either way.
    expect(failureOf(events)[0]?.data['at']).toBe(processed?.data['processedAt']);
    const inbox = await messaging.request(Requests.listInbox, {
      accountId: ACCOUNT,
      envId: ENV,
      userId: 'no-address',
      count: 10,
    });
    expect(inbox.map((entry) => entry.id)).toEqual([trackingId]);
  });

  it('publishes SUPPRESSED_BOUNCE for email to a user whose address bounced', async () => {
    const first = await accept({
      type: 'alert',
      to: { id: 'bounced', email: 'bounced@example.test' },
      inapp: { title: 'Hello' },
    });
    await processedEventsOf(first);
    await database.query(
      `UPDATE notifications.users SET email_suppression = '{"reason":"Bounce","retryable":false,"details":{}}'
        WHERE id = 'bounced' AND env_id = $1`,
      [ENV],
    );
    const trackingId = await accept({
      type: 'alert',
      to: { id: 'bounced' },
      forceChannels: [Channel.EMAIL],
      email: { subject: 'Alert', html: '<p>alert</p>' },
    });
    const [failure] = failureOf(await processedEventsOf(trackingId));
    expect(failure).toMatchObject({
      kind: 'delivery.email.failed',
      data: { channel: 'email', status: 'failed', failedCode: 'SUPPRESSED_BOUNCE' },
    });
  });

  it('publishes delivery.inapp.failed when an in-app link renders to a javascript: URL', async () => {
    const trackingId = await accept({
      type: 'alert',
      to: { id: 'clicker' },
      forceChannels: [Channel.INAPP_WEB],
      inapp: { title: 'Open me', url: '{{link}}' },
      parameters: { link: 'javascript:alert(1)' },
    });
    expect(failureOf(await processedEventsOf(trackingId))).toEqual([
      expect.objectContaining({
        id: `${trackingId}:delivery.inapp.failed`,
        kind: 'delivery.inapp.failed',
        data: expect.objectContaining({
          channel: 'inapp',
          status: 'failed',
          failedCode: 'IN_APP_WEB_FAILED',
          userId: 'clicker',
        }) as unknown,
      }),
    ]);
  });

  it('publishes nothing but send.processed for an in-app send that succeeds', async () => {
    const trackingId = await accept({
      type: 'alert',
      to: { id: 'happy' },
      forceChannels: [Channel.INAPP_WEB],
      inapp: { title: 'Fine', url: 'https://example.test/fine' },
    });
    const events = await processedEventsOf(trackingId);
    expect(events.map((event) => event.kind)).toEqual(['send.processed']);
  });

  it('publishes no failure for a channel ignored by preference', async () => {
    await messaging.request(Requests.setPreferences, {
      accountId: ACCOUNT,
      envId: ENV,
      userId: 'quiet',
      preferences: [
        { notificationId: 'newsletter', channel: Channel.EMAIL, delivery: DeliveryOption.OFF },
      ],
    });
    const trackingId = await accept({
      type: 'newsletter',
      to: { id: 'quiet' },
      email: { subject: 'Alert', html: '<p>alert</p>' },
    });
    const events = await processedEventsOf(trackingId);
    expect(events.map((event) => event.kind)).toEqual(['send.processed']);
    expect(events[0]?.data['channels']).toEqual({
      email: { routing: 'IGNORE', reason: 'IGNORE_BY_PREFERENCES' },
    });
  });
});
