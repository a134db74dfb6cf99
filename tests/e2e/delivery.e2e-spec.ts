import { createHmac, generateKeyPairSync } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { secretHint } from '@clarion/contracts';
import {
  eventually,
  FakeTwilio,
  runSystemForSuite,
  SmtpPeer,
  WebhookReceiver,
} from '@clarion/testing';
import { ApiClient } from './api-client';

type Json = Record<string, unknown>;

const TWILIO_TOKEN = 'e2e-auth-token';

/** How Twilio signs a callback: HMAC-SHA1 over the URL and the sorted form fields. */
function twilioSignature(url: string, params: Record<string, string>): string {
  const signed = Object.keys(params)
    .sort()
    .reduce((text, name) => text + name + params[name], url);
  return createHmac('sha1', TWILIO_TOKEN).update(signed).digest('base64');
}

describe('delivery over real protocols, end to end', () => {
  const env: Record<string, string> = {};
  let smtp: SmtpPeer;
  let twilio: FakeTwilio;

  beforeAll(async () => {
    smtp = await SmtpPeer.start();
    twilio = await FakeTwilio.start('ACe2e', TWILIO_TOKEN);
    Object.assign(env, {
      SMTP_URL: smtp.url,
      TWILIO_BASE_URL: twilio.baseUrl,
      TWILIO_ACCOUNT_SID: 'ACe2e',
      TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
      TWILIO_FROM_NUMBER: '+15550001111',
      OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8',
      WEBHOOK_RETRY_SCHEDULE: '1s,1s,1s',
    });
  });
  const suite = runSystemForSuite(env);
  let api: ApiClient;

  beforeAll(() => {
    const account = suite.system.createAccount('Deliveries', 'owner@deliveries.test');
    api = ApiClient.withApiKey(suite.system.baseUrl, account.apiKey);
  });

  afterAll(async () => {
    await smtp.close();
    await twilio.close();
  });

  const send = async (body: Json) =>
    (await api.call<{ trackingId: string }>('POST', '/send', body)).body.trackingId;
  const logOf = (trackingId: string, ready: (log: Json) => boolean) =>
    eventually(
      async () => {
        const log = (await api.call<{ logs: Json[] }>('GET', `/logs/${trackingId}`)).body.logs[0];
        return log && ready(log) ? log : undefined;
      },
      { timeoutMs: 20_000 },
    );
  /** Links in emails name PUBLIC_URL (localhost); the test reaches the same gateway. */
  const onGateway = (link: string) => link.replace(/^http:\/\/localhost:\d+/, suite.system.baseUrl);
  const gatewayUrl = (path: string) =>
    `${suite.system.baseUrl.replace('127.0.0.1', 'localhost')}${path}`;

  it('delivers email over SMTP; opens, clicks and unsubscribes reach the log record', async () => {
    const trackingId = await send({
      type: 'welcome',
      to: { id: 'ada', email: 'ada@example.com' },
      forceChannels: ['EMAIL'],
      email: {
        subject: 'Welcome, Ada',
        html: '<html><body><p>Hello <a href="https://example.com/start">start</a></p><a href="%unsubscribe_url%">unsubscribe</a></body></html>',
      },
    });
    const mail = await eventually(() =>
      smtp.received.find((received) => received.envelope.to.includes('ada@example.com')),
    );
    expect(mail.mail.subject).toBe('Welcome, Ada');
    const html = String(mail.mail.html);
    const sent = await logOf(trackingId, (log) => 'email_sent_at' in log);
    expect(sent['email_sent_message_id']).toMatch(/^<.+@.+>$/);

    const pixel = /src="([^"]*\/track\/open\/[^"]+)"/.exec(html)?.[1];
    const opened = await fetch(onGateway(pixel!));
    expect(opened.headers.get('content-type')).toContain('image/gif');
    await logOf(trackingId, (log) => 'email_opened_at' in log);

    const click = /href="([^"]*\/track\/click\/[^"]+)"/.exec(html)?.[1];
    const redirect = await fetch(onGateway(click!), { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe('https://example.com/start');
    const clicked = await logOf(trackingId, (log) => 'email_clicked_at' in log);
    expect(clicked['email_clicked_link']).toBe('https://example.com/start');

    expect((await fetch(`${suite.system.baseUrl}/track/click/forged.token`)).status).toBe(404);

    const unsubscribe = /href="([^"]*\/track\/unsubscribe\/[^"]+)"/.exec(html)?.[1];
    expect(
      mail.mail.headerLines.find((header) => header.key === 'list-unsubscribe')?.line,
    ).toContain('/track/unsubscribe/');
    const confirm = await fetch(onGateway(unsubscribe!));
    expect(await confirm.text()).toContain('<form method="post">');
    const oneClick = await fetch(onGateway(unsubscribe!), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    await logOf(trackingId, (log) => 'email_unsubscribe_at' in log);
    const preferences = await api.call<{ preferences: Json[] }>('GET', '/users/ada/preferences');
    expect(preferences.body.preferences).toContainEqual(
      expect.objectContaining({ notificationId: 'welcome', channel: 'EMAIL', delivery: 'off' }),
    );
    const later = await send({
      type: 'welcome',
      to: { id: 'ada', email: 'ada@example.com' },
      forceChannels: ['EMAIL'],
      email: { subject: 'Again', html: '<p>again</p>' },
    });
    const ignored = await logOf(later, (log) => 'processed_at' in log);
    expect(ignored['email_routing_reason']).toBe('IGNORE_BY_PREFERENCES');
  });

  it('sends SMS through Twilio; signed callbacks record delivery and STOP is honoured', async () => {
    const number = '+15557654321';
    const trackingId = await send({
      type: 'otp',
      to: { id: 'grace', number },
      forceChannels: ['SMS'],
      sms: { message: 'Your code is 123456' },
    });
    const message = await eventually(() =>
      twilio.requestsTo('Messages.json').find((request) => request.form.get('To') === number),
    );
    expect(message.form.get('Body')).toBe('Your code is 123456');
    expect(message.form.get('StatusCallback')).toMatch(/\/webhooks\/twilio\/sms-status$/);
    const sent = await logOf(trackingId, (log) => 'sms_sent_at' in log);
    const sid = String(sent['sms_sent_messageId']);
    expect(sent['sms_sent_from']).toBe('+15550001111');

    const post = (path: string, params: Record<string, string>, signature?: string) =>
      fetch(`${suite.system.baseUrl}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(signature !== undefined && { 'x-twilio-signature': signature }),
        },
        body: new URLSearchParams(params).toString(),
      });
    const status = { MessageSid: sid, MessageStatus: 'delivered', To: number };
    expect((await post('/webhooks/twilio/sms-status', status)).status).toBe(403);
    expect(
      (
        await post(
          '/webhooks/twilio/sms-status',
          status,
          twilioSignature(gatewayUrl('/webhooks/twilio/sms-status'), status),
        )
      ).status,
    ).toBe(200);
    await logOf(trackingId, (log) => 'sms_delivered_at' in log);

    const stop = {
      MessageSid: 'SMinbound1',
      From: number,
      To: '+15550001111',
      Body: 'STOP',
      NumMedia: '0',
    };
    const inbound = await post(
      '/webhooks/twilio/sms-inbound',
      stop,
      twilioSignature(gatewayUrl('/webhooks/twilio/sms-inbound'), stop),
    );
    expect(inbound.status).toBe(200);
    expect(await inbound.text()).toContain('<Response>');
    const stopped = await logOf(trackingId, (log) => 'sms_unsubscribe_at' in log);
    expect(stopped['sms_inbound_text']).toBe('STOP');

    const after = await send({
      type: 'otp',
      to: { id: 'grace', number },
      forceChannels: ['SMS'],
      sms: { message: 'Another code' },
    });
    const refused = await logOf(after, (log) => 'sms_failed_code' in log);
    expect(refused['sms_failed_code']).toBe('21610');
  });

  it('keeps push credentials per environment and never returns their keys', async () => {
    expect((await api.call('GET', '/settings/push/fcm')).body).toEqual({
      configured: false,
      fcmConfig: '{}',
    });
    const bad = await api.call<{ error: Json }>('PUT', '/settings/push/fcm', {
      serviceAccount: { project_id: 'p' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error['message']).toContain('client_email');
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const saved = await api.call('PUT', '/settings/push/fcm', {
      serviceAccount: {
        project_id: 'clarion-e2e',
        client_email: 'push@clarion-e2e.iam.gserviceaccount.com',
        private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      },
    });
    expect(saved.body).toMatchObject({ configured: true, projectId: 'clarion-e2e' });
    expect(JSON.stringify((await api.call('GET', '/settings/push/fcm')).body)).not.toContain(
      'PRIVATE KEY',
    );
    await api.call('DELETE', '/settings/push/fcm');
    expect((await api.call('GET', '/settings/push/fcm')).body).toEqual({
      configured: false,
      fcmConfig: '{}',
    });

    const metadata = await api.call<{ userAccountMetadata: Json }>(
      'GET',
      '/users/account-metadata',
    );
    expect(metadata.body.userAccountMetadata).toMatchObject({ hasWebPushEnabled: true });
    expect(String(metadata.body.userAccountMetadata['environmentVapidPublicKey'])).toMatch(
      /^[A-Za-z0-9_-]{87}$/,
    );
  });

  it('answers 413 for an inline attachment over 4 MB, and delivers a 1.5 MB one', async () => {
    const email = (bytes: number) => ({
      type: 'report',
      to: { id: 'lin', email: 'lin@example.com' },
      forceChannels: ['EMAIL'],
      email: { subject: `Report ${bytes}`, html: '<p>attached</p>' },
      options: {
        email: {
          attachments: [
            { filename: 'report.bin', content: Buffer.alloc(bytes, 7).toString('base64') },
          ],
        },
      },
    });
    const tooLarge = await api.call<{ error: Json }>('POST', '/send', email(4 * 1024 * 1024 + 1));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.error['message']).toContain('report.bin');
    await send(email(1_500_000));
    const received = await eventually(
      () => smtp.received.find((mail) => mail.mail.subject === 'Report 1500000'),
      { timeoutMs: 20_000 },
    );
    expect(received.mail.attachments[0]?.content.length).toBe(1_500_000);
  });

  it('forwards subscribed events to the events webhook, signed, retried, with results on the log record', async () => {
    // The first attempt fails, so the event is retried.
    const receiver = await WebhookReceiver.start((requestNumber) =>
      requestNumber === 1 ? 500 : 200,
    );
    const { received, url } = receiver;
    try {
      const unknown = await api.call<{ error: Json }>('PUT', '/webhooks/events', {
        webhook: url,
        events: ['EMAIL_OPEN', 'EMAIL_TELEPATHY'],
      });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error['message']).toContain('EMAIL_OPEN');
      const metadata = await api.call('PUT', '/webhooks/events', {
        webhook: 'http://169.254.169.254/latest',
        events: ['EMAIL_OPEN'],
      });
      expect(metadata.status).toBe(400);
      const saved = await api.call<Json>('PUT', '/webhooks/events', {
        webhook: url,
        events: ['EMAIL_OPEN', 'SMS_FAILED'],
      });
      expect(saved.body).toMatchObject({ webhook: url, events: ['EMAIL_OPEN', 'SMS_FAILED'] });
      expect(String(saved.body['secret'])).toMatch(/^whsec_/);
      expect((await api.call('GET', '/webhooks/events')).body).toEqual({
        ...saved.body,
        secret: secretHint(String(saved.body['secret'])),
      });

      const trackingId = await send({
        type: 'digest',
        to: { id: 'mia', email: 'mia@example.com' },
        forceChannels: ['EMAIL'],
        email: { subject: 'Your digest', html: '<html><body><p>news</p></body></html>' },
      });
      const mail = await eventually(() =>
        smtp.received.find((email) => email.mail.subject === 'Your digest'),
      );
      const pixel = /src="([^"]*\/track\/open\/[^"]+)"/.exec(String(mail.mail.html))?.[1];
      await fetch(onGateway(pixel!));

      await eventually(() => (received.length >= 2 ? true : undefined), { timeoutMs: 20_000 });
      const verifier = new Webhook(String(saved.body['secret']));
      const payloads = received.map((request) => verifier.verify(request.body, request.headers));
      expect(payloads[1]).toMatchObject({
        eventType: 'EMAIL_OPEN',
        channel: 'email',
        trackingId,
        userId: 'mia',
      });
      expect(received[0]?.headers['webhook-id']).toBe(received[1]?.headers['webhook-id']);
      const record = await logOf(trackingId, (log) =>
        String(log['email_opened_webhook_res'] ?? '').startsWith('200'),
      );
      expect(record['email_opened_webhook_res']).toContain('attempt 2');

      expect((await api.call('DELETE', '/webhooks/events')).body).toEqual({ success: true });
      expect((await api.call('GET', '/webhooks/events')).status).toBe(404);
    } finally {
      await receiver.close();
    }
  });
});
