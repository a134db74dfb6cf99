import { Webhook } from 'standardwebhooks';
import { eventually, shareSystemForSuite, WebhookReceiver } from '@clarion/testing';
import { ApiClient } from './api-client';

type Json = Record<string, unknown>;

describe('an end user turning preferences off reaches the events webhook and the logs, end to end', () => {
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
  });
  afterAll(() => receiver.close());

  const suite = shareSystemForSuite({ OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8' });
  let api: ApiClient;
  let clientId: string;
  let secret: string;

  beforeAll(async () => {
    const account = suite.system.createAccount('Unsubscribes', 'owner@unsubscribes.test');
    api = ApiClient.withApiKey(suite.system.baseUrl, account.apiKey);
    clientId = (await api.call<{ clientId: string }[]>('GET', '/environments')).body[0]!.clientId;
    const saved = await api.call<{ secret: string }>('PUT', '/webhooks/events', {
      webhook: receiver.url,
      events: ['INAPP_WEB_UNSUBSCRIBE', 'PUSH_UNSUBSCRIBE'],
    });
    expect(saved.status).toBe(200);
    secret = saved.body.secret;
  });

  /** The verified payloads the receiver got for a user, once there are `count` of them. */
  const payloadsOf = (userId: string, count: number) =>
    eventually(
      () => {
        const verifier = new Webhook(secret);
        const payloads = receiver.received
          .map((request) => verifier.verify(request.body, request.headers) as Json)
          .filter((payload) => payload['userId'] === userId);
        return payloads.length === count ? payloads : undefined;
      },
      { timeoutMs: 20_000 },
    );

  it('sends INAPP_WEB_UNSUBSCRIBE and PUSH_UNSUBSCRIBE, each listed in GET /logs with whose it is', async () => {
    const user = ApiClient.asEndUser(suite.system.baseUrl, clientId, 'uma');
    const answer = await user.call('POST', '/user/preferences', {
      preferences: [
        { notificationId: 'news', channel: 'INAPP_WEB', delivery: 'off' },
        { notificationId: 'news', channel: 'PUSH', delivery: 'off' },
        { notificationId: 'news', channel: 'EMAIL', delivery: 'weekly' },
      ],
    });
    expect(answer.status).toBe(200);

    const payloads = await payloadsOf('uma', 2);
    const byType = new Map(payloads.map((payload) => [payload['eventType'], payload]));
    expect([...byType.keys()].sort()).toEqual(['INAPP_WEB_UNSUBSCRIBE', 'PUSH_UNSUBSCRIBE']);
    expect(byType.get('INAPP_WEB_UNSUBSCRIBE')).toMatchObject({
      channel: 'inapp',
      userId: 'uma',
      notificationId: 'news',
      trackingId: expect.any(String) as unknown,
      timestamp: expect.any(String) as unknown,
    });
    expect(byType.get('PUSH_UNSUBSCRIBE')).toMatchObject({
      channel: 'mobile_push',
      userId: 'uma',
      notificationId: 'news',
    });

    const inappTrackingId = String(byType.get('INAPP_WEB_UNSUBSCRIBE')?.['trackingId']);
    const pushTrackingId = String(byType.get('PUSH_UNSUBSCRIBE')?.['trackingId']);
    const steps = await eventually(
      async () => {
        const listed = (await api.call<{ messages: Json[] }>('GET', '/logs?limit=500')).body
          .messages;
        const ours = listed.filter((step) =>
          [inappTrackingId, pushTrackingId].includes(String(step['trackingId'])),
        );
        return ours.length === 2 ? ours : undefined;
      },
      { timeoutMs: 20_000 },
    );
    expect(steps.map((step) => step['eventType']).sort()).toEqual([
      'INAPP_WEB_UNSUBSCRIBE',
      'PUSH_UNSUBSCRIBE',
    ]);
    const record = await eventually(
      async () => {
        const log = (await api.call<{ logs: Json[] }>('GET', `/logs/${inappTrackingId}`)).body
          .logs[0];
        return log?.['inapp_unsubscribe_webhook_res'] === undefined ? undefined : log;
      },
      { timeoutMs: 20_000 },
    );
    expect(record).toMatchObject({
      trackingId: inappTrackingId,
      user_id: 'uma',
      type: 'news',
      inapp_unsubscribe_at: byType.get('INAPP_WEB_UNSUBSCRIBE')?.['timestamp'],
      inapp_unsubscribe_webhook_res: expect.stringMatching(/^200/) as unknown,
    });
  });

  it('sends nothing more when the user sets a preference that is already off', async () => {
    const user = ApiClient.asEndUser(suite.system.baseUrl, clientId, 'vic');
    const turnOff = () =>
      user.call('POST', '/user/preferences', {
        preferences: [{ notificationId: 'news', channel: 'INAPP_WEB', delivery: 'off' }],
      });
    expect((await turnOff()).status).toBe(200);
    await payloadsOf('vic', 1);
    expect((await turnOff()).status).toBe(200);
    // A marker user's unsubscribe, made after the repeat, arriving means the repeat had its chance.
    const marker = ApiClient.asEndUser(suite.system.baseUrl, clientId, 'vic-marker');
    await marker.call('POST', '/user/preferences', {
      preferences: [{ notificationId: 'news', channel: 'PUSH', delivery: 'off' }],
    });
    await payloadsOf('vic-marker', 1);
    expect(await payloadsOf('vic', 1)).toHaveLength(1);
  });
});
