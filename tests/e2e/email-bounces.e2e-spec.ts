import { eventually, runSystemForSuite, SmtpPeer } from '@clarion/testing';
import { ApiClient } from './api-client';

type Json = Record<string, unknown>;

describe('an email the SMTP relay refuses at send time suppresses the user, end to end', () => {
  const env: Record<string, string> = {};
  let smtp: SmtpPeer;

  beforeAll(async () => {
    smtp = await SmtpPeer.start();
    smtp.replyToRecipient('gone@example.com', 550, '5.1.1 <gone@example.com>: no such user');
    Object.assign(env, { SMTP_URL: smtp.url });
  });
  const suite = runSystemForSuite(env);
  let api: ApiClient;

  beforeAll(() => {
    const account = suite.system.createAccount('Bounces', 'owner@bounces.test');
    api = ApiClient.withApiKey(suite.system.baseUrl, account.apiKey);
  });

  afterAll(() => smtp.close());

  const sendTo = async (email?: string) =>
    (
      await api.call<{ trackingId: string }>('POST', '/send', {
        type: 'alert',
        to: { id: 'gone', ...(email !== undefined && { email }) },
        forceChannels: ['EMAIL'],
        email: { subject: 'Alert', html: '<p>alert</p>' },
      })
    ).body.trackingId;
  const failedCodeOf = (trackingId: string) =>
    eventually(
      async () => {
        const log = (await api.call<{ logs: Json[] }>('GET', `/logs/${trackingId}`)).body.logs[0];
        return log?.['email_failed_code'] as string | undefined;
      },
      { timeoutMs: 20_000 },
    );
  const suppressionOfUser = async () =>
    (await api.call<Json>('GET', '/users/gone')).body['emailSuppressionStatus'];
  const timesAsked = () =>
    smtp.recipientsAsked.filter((address) => address === 'gone@example.com').length;

  it('fails the bounce, then fails the next send SUPPRESSED_BOUNCE without the relay, until the suppression is removed', async () => {
    expect(await failedCodeOf(await sendTo('gone@example.com'))).toBe('PERMANENT_NO_EMAIL_BOUNCE');
    expect(timesAsked()).toBe(1);
    expect(await eventually(suppressionOfUser)).toEqual({
      reason: 'Bounce',
      details: {
        code: 'PERMANENT_NO_EMAIL_BOUNCE',
        diagnostic: '550 5.1.1 <gone@example.com>: no such user',
        recipient: 'gone@example.com',
      },
    });

    expect(await failedCodeOf(await sendTo())).toBe('SUPPRESSED_BOUNCE');
    expect(timesAsked()).toBe(1);

    const removed = await api.call<{ user: Json }>(
      'DELETE',
      '/user_suppression/gone/channel/EMAIL',
    );
    expect(removed.status).toBe(200);
    expect(removed.body.user['emailSuppressionStatus']).toBeUndefined();

    expect(await failedCodeOf(await sendTo())).toBe('PERMANENT_NO_EMAIL_BOUNCE');
    expect(timesAsked()).toBe(2);
  });
});
