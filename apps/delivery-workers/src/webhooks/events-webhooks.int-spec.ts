import { INestApplicationContext } from '@nestjs/common';
import {
  DeliveryEventData,
  DeliveryStatus,
  EventEnvelope,
  newTimeOrderedId,
  WEBHOOK_RESULT,
  WebhookResultData,
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
import { connect, NatsConnection } from 'nats';
import { newTenant, StreamLog, Tenant } from '../delivery/test-peers/delivery-fixtures';
import { DeliveryWorkersEnv } from '../delivery-workers.env';
import { DeliveryWorkersModule } from '../delivery-workers.module';
import { EventsWebhookStandIn, WebhookReceiver } from './test-peers/webhook-peers';

/** Short enough for a test, long enough that a retry cannot beat closing the app. */
const SCHEDULE = '1500ms,1s,1s';

/** Delivery steps reach the customer's events webhook, signed, retried, and never lost. */
describe('Events webhook dispatcher', () => {
  const namespace = createTestNamespace();
  let db: TestDatabase;
  let nats: NatsConnection;
  let receiver: WebhookReceiver;
  let standIn: EventsWebhookStandIn;
  let app: INestApplicationContext;
  let events: StreamLog;

  const bootApp = async () => {
    const env = testEnv(DeliveryWorkersEnv, {
      namespace,
      databaseUrl: db.url,
      OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8',
      WEBHOOK_RETRY_SCHEDULE: SCHEDULE,
    });
    const booted = await bootService(DeliveryWorkersModule.forRoot(env));
    await booted.init();
    return booted;
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    nats = await connect({ servers: process.env['NATS_URL'] });
    receiver = await WebhookReceiver.start();
    standIn = new EventsWebhookStandIn(nats, namespace);
    app = await bootApp();
    events = await StreamLog.follow(nats, `${namespace}_EVENTS`);
  });

  afterAll(async () => {
    await events?.close();
    await app?.close();
    await nats?.close();
    await receiver?.close();
    await dropTestNamespace(namespace);
    await db?.drop();
  });

  /** Only to show that something did NOT happen. */
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** Publishes a delivery step as delivery-workers and the gateway do. */
  async function publishStep(
    tenant: Tenant,
    channel: DeliveryEventData['channel'],
    status: DeliveryStatus,
    details: Partial<DeliveryEventData> = {},
  ): Promise<EventEnvelope<DeliveryEventData>> {
    const trackingId = newTimeOrderedId();
    const kind = `delivery.${channel}.${status}`;
    const at = new Date().toISOString();
    const event = {
      id: `${trackingId}:${kind}`,
      kind,
      trackingId,
      ...tenant,
      occurredAt: at,
      data: { channel, status, at, userId: 'user-7', notificationId: 'order-shipped', ...details },
    };
    await app.get(MessagingClient).publishEvent(event);
    return event;
  }

  /** The `webhook.result` events of a send, in attempt order. */
  const resultsOf = (trackingId: string) =>
    events
      .eventsOf(trackingId, WEBHOOK_RESULT)
      .map((event) => ({ id: event.id, ...(event.data as unknown as WebhookResultData) }))
      .sort((a, b) => a.id.localeCompare(b.id));

  const requestsTo = (path: string, count: number) =>
    eventually(() => {
      const requests = receiver.requestsTo(path);
      return requests.length >= count ? requests : undefined;
    });

  it('forwards a subscribed step once, signed, and nothing else', async () => {
    const tenant = newTenant();
    const endpoint = receiver.endpoint();
    const config = standIn.configure(tenant, endpoint, ['SMS_FAILED', 'EMAIL_CLICK']);

    await publishStep(tenant, 'sms', 'sent');
    await publishStep(tenant, 'sms', 'delivered'); // SMS_DELIVERED is not subscribed
    const failed = await publishStep(tenant, 'sms', 'failed', {
      failedCode: '30005',
      internal: 'Twilio reported the message undelivered',
    });
    const clicked = await publishStep(tenant, 'email', 'clicked', {
      fields: { link: 'https://shop.test/track', ip: '203.0.113.9' },
    });
    const [first, second] = await requestsTo(endpoint.path, 2);

    const byType = new Map(
      [first, second].map((request) => [request?.payload?.['eventType'], request]),
    );
    const sms = byType.get('SMS_FAILED');
    expect(sms?.rejection).toBeUndefined();
    expect(sms?.payload).toEqual({
      webhookId: config.webhookId,
      eventType: 'SMS_FAILED',
      channel: 'sms',
      trackingId: failed.trackingId,
      userId: 'user-7',
      notificationId: 'order-shipped',
      timestamp: failed.data.at,
      failureCode: '30005',
    });
    expect(sms?.headers).toMatchObject({
      'webhook-id': failed.id,
      'content-type': 'application/json',
      'user-agent': 'Clarion-Webhooks/1',
    });
    expect(Number(sms?.headers['webhook-timestamp'])).toBeCloseTo(Date.now() / 1000, -1);
    const click = byType.get('EMAIL_CLICK');
    expect(click?.payload).toMatchObject({ clickedLink: 'https://shop.test/track' });
    expect(click?.headers['webhook-id']).toBe(clicked.id);

    const delivered = await eventually(() => resultsOf(failed.trackingId)[0]);
    expect(delivered).toEqual({
      id: `${failed.id}:webhook:1`,
      channel: 'sms',
      status: 'failed',
      result: '200',
      delivered: true,
    });
    await pause(500);
    expect(receiver.requestsTo(endpoint.path)).toHaveLength(2);
  });

  it('sends nothing for an environment without a webhook', async () => {
    const tenant = newTenant();
    const step = await publishStep(tenant, 'sms', 'failed', { failedCode: '30005' });

    await eventually(() => standIn.lookups.find((scope) => scope.envId === tenant.envId));
    await pause(300);
    expect(resultsOf(step.trackingId)).toEqual([]);
  });

  it('retries a failing receiver with the same webhook-id and reports every attempt', async () => {
    const tenant = newTenant();
    const endpoint = receiver.endpoint(500, 500);
    standIn.configure(tenant, endpoint, ['PUSH_FAILED']);

    const failed = await publishStep(tenant, 'mobile_push', 'failed', { failedCode: 'NO_TOKEN' });
    const requests = await requestsTo(endpoint.path, 3);

    expect(requests.map((request) => request.rejection)).toEqual([undefined, undefined, undefined]);
    expect(requests.map((request) => request.headers['webhook-id'])).toEqual([
      failed.id,
      failed.id,
      failed.id,
    ]);
    const results = await eventually(() => {
      const found = resultsOf(failed.trackingId);
      return found.length === 3 ? found : undefined;
    });
    expect(results.map((result) => result.id)).toEqual(
      [1, 2, 3].map((attempt) => `${failed.id}:webhook:${attempt}`),
    );
    expect(results[0]?.result).toMatch(/^500 \(attempt 1, next in 1\.\d s\)$/);
    expect(results[1]?.result).toMatch(/^500 \(attempt 2, next in [01]\.\d s\)$/);
    expect(results.map(({ result, delivered }) => ({ result, delivered }))[2]).toEqual({
      result: '200 (attempt 3)',
      delivered: true,
    });
    expect(results.slice(0, 2).every((result) => !result.delivered)).toBe(true);
  });

  it('disables the configuration when the receiver answers 410 Gone, and stops', async () => {
    const tenant = newTenant();
    const endpoint = receiver.endpoint(410);
    const config = standIn.configure(tenant, endpoint, ['SLACK_FAILED']);

    const failed = await publishStep(tenant, 'slack', 'failed', {
      failedCode: 'channel_not_found',
    });
    const disable = await eventually(() =>
      standIn.disables.find((request) => request.envId === tenant.envId),
    );

    expect(disable).toEqual({
      ...tenant,
      webhookId: config.webhookId,
      reason: `${endpoint.url} answered 410 Gone`,
    });
    expect(resultsOf(failed.trackingId)).toMatchObject([
      { result: '410 (attempt 1, webhook disabled)', delivered: false },
    ]);
    // Past the first retry's delay, and a later step of the environment finds no webhook.
    await publishStep(tenant, 'slack', 'failed');
    await pause(1_800);
    expect(receiver.requestsTo(endpoint.path)).toHaveLength(1);
  });

  it('does not follow a redirect: it is a failed attempt', async () => {
    const tenant = newTenant();
    const elsewhere = receiver.endpoint();
    const endpoint = receiver.endpoint({ status: 302, headers: { location: elsewhere.url } });
    standIn.configure(tenant, endpoint, ['CALL_FAILED']);

    const failed = await publishStep(tenant, 'call', 'failed', { failedCode: 'no-answer' });
    await requestsTo(endpoint.path, 2);

    expect(receiver.requestsTo(elsewhere.path)).toHaveLength(0);
    const results = await eventually(() => {
      const found = resultsOf(failed.trackingId);
      return found.length === 2 ? found : undefined;
    });
    expect(results[0]).toMatchObject({ delivered: false });
    expect(results[0]?.result).toMatch(/^302 \(attempt 1, next in/);
    expect(results[1]).toMatchObject({ result: '200 (attempt 2)', delivered: true });
  });

  it('loses no retry when the app restarts while waiting for it', async () => {
    const tenant = newTenant();
    const endpoint = receiver.endpoint(503);
    standIn.configure(tenant, endpoint, ['EMAIL_FAILED']);

    const failed = await publishStep(tenant, 'email', 'failed', { failedCode: 'BOUNCED' });
    await eventually(() => resultsOf(failed.trackingId)[0]);
    await app.close();
    expect(receiver.requestsTo(endpoint.path)).toHaveLength(1);
    app = await bootApp();

    const [first, retry] = await requestsTo(endpoint.path, 2);
    expect(retry?.headers['webhook-id']).toBe(first?.headers['webhook-id']);
    expect(retry?.rejection).toBeUndefined();
    expect(retry?.payload).toMatchObject({ eventType: 'EMAIL_FAILED', failureCode: 'BOUNCED' });
    await eventually(() =>
      resultsOf(failed.trackingId).find((result) => result.result === '200 (attempt 2)'),
    );
  });
});
