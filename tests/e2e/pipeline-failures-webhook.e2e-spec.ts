import { Webhook } from 'standardwebhooks';
import { eventually, shareSystemForSuite, WebhookReceiver } from '@clarion/testing';
import { ApiClient } from './api-client';

type Json = Record<string, unknown>;

describe('failures decided before delivery reach the events webhook, end to end', () => {
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
  });
  afterAll(() => receiver.close());

  const suite = shareSystemForSuite({ OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8' });
  let api: ApiClient;
  let secret: string;

  beforeAll(async () => {
    const account = suite.system.createAccount('Failures', 'owner@failures.test');
    api = ApiClient.withApiKey(suite.system.baseUrl, account.apiKey);
    const saved = await api.call<{ secret: string }>('PUT', '/webhooks/events', {
      webhook: receiver.url,
      events: ['EMAIL_FAILED', 'INAPP_WEB_FAILED'],
    });
    expect(saved.status).toBe(200);
    secret = saved.body.secret;
  });

  const send = async (body: Json) => {
    const answer = await api.call<{ trackingId: string }>('POST', '/send', body);
    expect(answer.status).toBe(200);
    return answer.body.trackingId;
  };
  /** The verified payloads the receiver got for a send, once there are any. */
  const payloadsOf = (trackingId: string) =>
    eventually(
      () => {
        const verifier = new Webhook(secret);
        const payloads = receiver.received
          .map((request) => verifier.verify(request.body, request.headers) as Json)
          .filter((payload) => payload['trackingId'] === trackingId);
        return payloads.length > 0 ? payloads : undefined;
      },
      { timeoutMs: 20_000 },
    );

  it('sends EMAIL_FAILED with MISSING_EMAIL_RECIPIENT for an email to a user without an address', async () => {
    const trackingId = await send({
      type: 'alert',
      to: { id: 'no-address' },
      forceChannels: ['EMAIL'],
      email: { subject: 'Alert', html: '<p>alert</p>' },
    });
    expect(await payloadsOf(trackingId)).toEqual([
      {
        webhookId: expect.any(String),
        eventType: 'EMAIL_FAILED',
        channel: 'email',
        trackingId,
        userId: 'no-address',
        notificationId: 'alert',
        timestamp: expect.any(String),
        failureCode: 'MISSING_EMAIL_RECIPIENT',
      },
    ]);

    // The log record says the same as before, with the webhook's answer, and the send's steps
    // list the failure once.
    const record = await eventually(
      async () => {
        const log = (await api.call<{ logs: Json[] }>('GET', `/logs/${trackingId}`)).body.logs[0];
        return log?.['email_failed_webhook_res'] === undefined ? undefined : log;
      },
      { timeoutMs: 20_000 },
    );
    expect(record).toMatchObject({
      email_routing: 'SEND',
      email_failed_code: 'MISSING_EMAIL_RECIPIENT',
      email_failed_internal: 'the user has no email address',
      email_failed_at: record['processed_at'],
      email_failed_webhook_res: expect.stringMatching(/^200/) as unknown,
    });
    expect(record['email_failed_after']).toBeUndefined();
    const steps = (await api.call<{ messages: Json[] }>('GET', '/logs?limit=500')).body.messages
      .filter((step) => step['trackingId'] === trackingId)
      .map((step) => step['eventType']);
    expect(steps.sort()).toEqual(['EMAIL_FAILED', 'SEND_PROCESSED']);
  });

  it('sends INAPP_WEB_FAILED for an in-app link whose parameter renders to a javascript: URL', async () => {
    const trackingId = await send({
      type: 'alert',
      to: { id: 'clicker' },
      forceChannels: ['INAPP_WEB'],
      inapp: { title: 'Open me', url: '{{link}}' },
      parameters: { link: 'javascript:alert(1)' },
    });
    expect(await payloadsOf(trackingId)).toMatchObject([
      { eventType: 'INAPP_WEB_FAILED', channel: 'inapp', failureCode: 'IN_APP_WEB_FAILED' },
    ]);
  });
});
