import { INestApplicationContext } from '@nestjs/common';
import {
  Consumers,
  DeliveryEventData,
  DeliveryStatus,
  Requests,
  WEBHOOK_RESULT,
  WebhookEventType,
  WebhookResultData,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import {
  createTestDatabase,
  createTestNamespace,
  dropTestNamespace,
  eventually,
  TestDatabase,
} from '@clarion/testing';
import { connect, NatsConnection } from 'nats';
import {
  acknowledgedUpTo,
  newTenant,
  StreamLog,
  Tenant,
} from '../delivery/test-peers/delivery-fixtures';
import {
  bootWebhookWorkers,
  configureWebhook,
  publishStep,
} from './test-peers/events-webhook-fixtures';
import { WebhookEndpoint, WebhookReceiver } from './test-peers/webhook-peers';

/** Delivery steps reach the customer's events webhook, signed, retried, and never lost. */
describe('Events webhook dispatcher', () => {
  const namespace = createTestNamespace();
  let db: TestDatabase;
  let nats: NatsConnection;
  let receiver: WebhookReceiver;
  let app: INestApplicationContext;
  let events: StreamLog;

  beforeAll(async () => {
    db = await createTestDatabase();
    nats = await connect({ servers: process.env['NATS_URL'] });
    receiver = await WebhookReceiver.start();
    app = await bootWebhookWorkers(namespace, db.url);
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

  const messaging = () => app.get(MessagingClient);

  const configure = (tenant: Tenant, endpoint: WebhookEndpoint, types: WebhookEventType[]) =>
    configureWebhook(messaging(), receiver, tenant, endpoint, types);

  const publish = (
    tenant: Tenant,
    channel: DeliveryEventData['channel'],
    status: DeliveryStatus,
    details: Partial<DeliveryEventData> = {},
  ) => publishStep(messaging(), tenant, channel, status, details);

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

  /** Waits until the dispatcher is done with the EVENTS stream up to `seq`. */
  const dispatchedUpTo = (seq: number) =>
    eventually(() =>
      acknowledgedUpTo(nats, `${namespace}_EVENTS`, Consumers.deliveryWorkersWebhooks, seq),
    );

  it('forwards a subscribed step once, signed, and nothing else', async () => {
    const tenant = newTenant();
    const endpoint = receiver.endpoint();
    const config = await configure(tenant, endpoint, ['SMS_FAILED', 'EMAIL_CLICK']);

    await publish(tenant, 'sms', 'sent');
    await publish(tenant, 'sms', 'delivered'); // SMS_DELIVERED is not subscribed
    const failed = await publish(tenant, 'sms', 'failed', {
      failedCode: '30005',
      internal: 'Twilio reported the message undelivered',
    });
    const clicked = await publish(tenant, 'email', 'clicked', {
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
    const step = await publish(tenant, 'sms', 'failed', { failedCode: '30005' });

    await dispatchedUpTo(step.seq);
    expect(resultsOf(step.trackingId)).toEqual([]);
  });

  it('retries a failing receiver with the same webhook-id and reports every attempt', async () => {
    const tenant = newTenant();
    const endpoint = receiver.endpoint(500, 500);
    await configure(tenant, endpoint, ['PUSH_FAILED']);

    const failed = await publish(tenant, 'mobile_push', 'failed', { failedCode: 'NO_TOKEN' });
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
    const config = await configure(tenant, endpoint, ['SLACK_FAILED']);

    const failed = await publish(tenant, 'slack', 'failed', {
      failedCode: 'channel_not_found',
    });
    const [disabled] = await eventually(async () => {
      const rows = await db.query<{ disabled_reason: string | null }>(
        `SELECT disabled_reason FROM delivery.events_webhooks
          WHERE env_id = $1 AND disabled_at IS NOT NULL`,
        [tenant.envId],
      );
      return rows.length > 0 ? rows : undefined;
    });

    expect(disabled?.disabled_reason).toBe(`${endpoint.url} answered 410 Gone`);
    expect(await messaging().request(Requests.getEventsWebhook, tenant)).toEqual({});

    expect(resultsOf(failed.trackingId)).toMatchObject([
      { result: '410 (attempt 1, webhook disabled)', delivered: false },
    ]);
    // Past the first retry's delay, and a later step of the environment finds no webhook.
    const later = await publish(tenant, 'slack', 'failed');
    await dispatchedUpTo(later.seq);
    await pause(1_800);
    expect(receiver.requestsTo(endpoint.path)).toHaveLength(1);

    // Saved again, it is the same configuration, enabled (not created: its secret was given).
    const again = await configure(tenant, endpoint, ['SLACK_FAILED']);
    expect(again).toEqual({ ...config, created: false });
    await publish(tenant, 'slack', 'failed');
    await requestsTo(endpoint.path, 2);
  });

  it('does not follow a redirect: it is a failed attempt', async () => {
    const tenant = newTenant();
    const elsewhere = receiver.endpoint();
    const endpoint = receiver.endpoint({ status: 302, headers: { location: elsewhere.url } });
    await configure(tenant, endpoint, ['CALL_FAILED']);

    const failed = await publish(tenant, 'call', 'failed', { failedCode: 'no-answer' });
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
    await configure(tenant, endpoint, ['EMAIL_FAILED']);

    const failed = await publish(tenant, 'email', 'failed', { failedCode: 'BOUNCED' });
    await eventually(() => resultsOf(failed.trackingId)[0]);
    await app.close();
    expect(receiver.requestsTo(endpoint.path)).toHaveLength(1);
    app = await bootWebhookWorkers(namespace, db.url);

    const [first, retry] = await requestsTo(endpoint.path, 2);
    expect(retry?.headers['webhook-id']).toBe(first?.headers['webhook-id']);
    expect(retry?.rejection).toBeUndefined();
    expect(retry?.payload).toMatchObject({ eventType: 'EMAIL_FAILED', failureCode: 'BOUNCED' });
    await eventually(() =>
      resultsOf(failed.trackingId).find((result) => result.result === '200 (attempt 2)'),
    );
  });
});
