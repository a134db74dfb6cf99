import { Webhook } from 'standardwebhooks';
import {
  abuseReport,
  deliverMail,
  deliveryStatusNotification,
  eventually,
  ReceivedEmail,
  runSystemForSuite,
  SmtpPeer,
  WebhookReceiver,
} from '@clarion/testing';
import { ApiClient } from './api-client';

type Json = Record<string, unknown>;

const MAX_BYTES = 64 * 1024;
const RETURN_PATH = /^bounces\+([0-9a-f]{32})@bounces\.relay\.test$/;

/**
 * A report can reach Clarion before the message it is about is recorded as sent (the relay
 * answered, the attempt's record follows a moment later); Clarion then answers 451 and, as a
 * relay would, the report is handed over again.
 */
const AS_A_RELAY = { retryTransientForMs: 30_000 };

describe('receiving mail: inboxes, replies, bounces, delivery reports and complaints, end to end', () => {
  const env: Record<string, string> = {};
  let relay: SmtpPeer;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    relay = await SmtpPeer.start();
    receiver = await WebhookReceiver.start();
    Object.assign(env, {
      SMTP_URL: relay.url,
      EMAIL_RETURN_PATH_HOST: 'bounces.relay.test',
      EMAIL_INBOUND_DOMAIN: 'inbox.clarion.test',
      EMAIL_INBOUND_MAX_BYTES: String(MAX_BYTES),
      OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8',
    });
  });
  const suite = runSystemForSuite(env);
  // After the system's own hooks (declared first, so they stop the system first): the relay
  // would otherwise wait for the workers' pooled SMTP connections to time out.
  afterAll(async () => {
    await relay.close();
    await receiver.close();
  });
  let api: ApiClient;
  let secret: string;
  let smtpPort: number;
  let inbox: string;

  beforeAll(async () => {
    smtpPort = suite.system.inboundSmtpPort;
    const account = suite.system.createAccount('Inbound', 'owner@inbound.test');
    api = ApiClient.withApiKey(suite.system.baseUrl, account.apiKey);
    const saved = await api.call<{ secret: string }>('PUT', '/webhooks/events', {
      webhook: receiver.url,
      events: ['EMAIL_INBOUND', 'EMAIL_FAILED', 'EMAIL_DELIVERED', 'EMAIL_UNSUBSCRIBE'],
    });
    expect(saved.status).toBe(200);
    secret = saved.body.secret;
    const created = await api.call<{ address: { fullAddress: string } }>('POST', '/addresses', {
      prefix: 'support',
    });
    expect(created.status).toBe(201);
    inbox = created.body.address.fullAddress;
    expect(inbox).toBe('support@inbox.clarion.test');
  });

  /** The verified webhook payloads of one kind, once there are `count` of them. */
  const webhooks = (eventType: string, matches: (payload: Json) => boolean, count = 1) =>
    eventually(
      () => {
        const verifier = new Webhook(secret);
        const payloads = receiver.received
          .map((request) => verifier.verify(request.body, request.headers) as Json)
          .filter((payload) => payload['eventType'] === eventType && matches(payload));
        return payloads.length >= count ? payloads : undefined;
      },
      { timeoutMs: 20_000 },
    );
  const logWith = (trackingId: string, field: string) =>
    eventually(
      async () => {
        const log = (await api.call<{ logs: Json[] }>('GET', `/logs/${trackingId}`)).body.logs[0];
        return log?.[field] === undefined ? undefined : log;
      },
      { timeoutMs: 20_000 },
    );
  /** Sends an email to `userId` and answers the message the relay received. */
  const sendEmail = async (
    userId: string,
    extra: Json = {},
  ): Promise<{ trackingId: string; received: ReceivedEmail }> => {
    const address = `${userId}@example.org`;
    const { status, body } = await api.call<{ trackingId: string }>('POST', '/send', {
      type: 'update',
      to: { id: userId, email: address },
      forceChannels: ['EMAIL'],
      email: { subject: `Hello ${userId}`, html: '<p>Hello</p>' },
      ...extra,
    });
    expect(status).toBe(200);
    const received = await eventually(() =>
      relay.received.find(({ envelope }) => envelope.to.includes(address)),
    );
    return { trackingId: body.trackingId, received };
  };
  const message = (headers: string[], body = 'Hi there') =>
    [...headers, 'MIME-Version: 1.0', 'Content-Type: text/plain; charset=utf-8', '', body, ''].join(
      '\r\n',
    );

  it('sends each message with its own return path and asks the relay for delivery reports', async () => {
    const { received } = await sendEmail('vera');
    const token = RETURN_PATH.exec(received.envelope.from)?.[1];
    expect(token).toBeDefined();
    expect(received.mail.messageId).toMatch(new RegExp(`^<${token}@`));
    expect(received.envelope.dsn).toEqual({
      envid: token,
      notify: { 'vera@example.org': ['SUCCESS', 'FAILURE', 'DELAY'] },
    });
  });

  it('refuses mail for addresses it does not know, too large or without a header', async () => {
    const from = { from: 'someone@elsewhere.test' };
    const plain = message(['From: someone@elsewhere.test', 'Subject: hi']);
    await expect(
      deliverMail(smtpPort, { ...from, to: ['nobody@inbox.clarion.test'] }, plain),
    ).rejects.toMatchObject({ responseCode: 550 });
    await expect(
      deliverMail(
        smtpPort,
        { ...from, to: ['bounces+0123456789abcdef0123456789abcdef@x.test'] },
        plain,
      ),
    ).rejects.toMatchObject({ responseCode: 550 });
    await expect(
      deliverMail(
        smtpPort,
        { ...from, to: [inbox] },
        message(['From: someone@elsewhere.test', 'Subject: big'], 'x'.repeat(MAX_BYTES + 10)),
      ),
    ).rejects.toMatchObject({ responseCode: 552 });
    await expect(
      deliverMail(smtpPort, { ...from, to: [inbox] }, 'just a line of text\r\n'),
    ).rejects.toMatchObject({ responseCode: 554 });
  });

  it('threads a reply to the send it answers: EMAIL_INBOUND on its trackingId and user, and in its log', async () => {
    const { trackingId, received } = await sendEmail('ada', {
      options: { email: { replyToAddresses: [inbox] } },
    });
    const reply = message(
      [
        'From: Ada Lovelace <ada@example.org>',
        `To: ${inbox}`,
        'Cc: team@example.org',
        'Subject: Re: Hello ada',
        'Message-ID: <reply-1@example.org>',
        `In-Reply-To: ${received.mail.messageId}`,
        `References: ${received.mail.messageId}`,
      ],
      'Thanks, got it.',
    );
    await expect(
      deliverMail(smtpPort, { from: 'ada@example.org', to: [inbox] }, reply),
    ).resolves.toMatch(/^250/);

    const [payload] = await webhooks('EMAIL_INBOUND', (p) => p['trackingId'] === trackingId);
    expect(payload).toMatchObject({
      channel: 'email',
      trackingId,
      userId: 'ada',
      notificationId: 'update',
      from: 'ada@example.org',
      fromName: 'Ada Lovelace',
      inbox,
      subject: 'Re: Hello ada',
      cc: 'team@example.org',
      bodyText: expect.stringContaining('Thanks, got it.'),
      messageId: '<reply-1@example.org>',
      inReplyTo: received.mail.messageId,
      resolutionType: 'reply',
    });
    const log = await logWith(trackingId, 'email_inbound_at');
    expect(log).toMatchObject({
      email_sent_at: expect.any(String),
      email_inbound_from: 'ada@example.org',
      email_inbound_from_name: 'Ada Lovelace',
      email_inbound_inbox: inbox,
      email_inbound_subject: 'Re: Hello ada',
      email_inbound_message_id: '<reply-1@example.org>',
      email_inbound_in_reply_to: received.mail.messageId,
      email_inbound_resolution_type: 'reply',
      email_inbound_has_attachments: false,
    });
  });

  it('logs a new message to an inbox as a record of its own, with its attachments described', async () => {
    const boundary = 'b1';
    const raw = [
      'From: Grace <grace@example.org>',
      `To: ${inbox}`,
      'Subject: A question',
      'Message-ID: <question-1@example.org>',
      'MIME-Version: 1.0',
      `Content-Type: multipart/mixed; boundary="${boundary}"`,
      '',
      `--${boundary}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Where is my order?',
      `--${boundary}`,
      'Content-Type: application/pdf; name="order.pdf"',
      'Content-Disposition: attachment; filename="order.pdf"',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('%PDF-1.4 order').toString('base64'),
      `--${boundary}--`,
      '',
    ].join('\r\n');
    await deliverMail(smtpPort, { from: 'grace@example.org', to: [inbox] }, raw);

    const [payload] = await webhooks('EMAIL_INBOUND', (p) => p['from'] === 'grace@example.org');
    expect(payload).toMatchObject({
      resolutionType: 'builtin',
      subject: 'A question',
      attachments: [{ filename: 'order.pdf', contentType: 'application/pdf', size: 14 }],
    });
    expect(payload?.['userId']).toBeUndefined();
    const log = await logWith(String(payload?.['trackingId']), 'email_inbound_at');
    expect(log).toMatchObject({
      email_inbound_resolution_type: 'builtin',
      email_inbound_has_attachments: true,
      email_inbound_attachment_count: 1,
      email_inbound_body_text: expect.stringContaining('Where is my order?'),
    });
  });

  it('reports a success DSN as EMAIL_DELIVERED', async () => {
    const { trackingId, received } = await sendEmail('dora');
    const dsn = deliveryStatusNotification(received, 'dora@example.org', {
      action: 'delivered',
      status: '2.0.0',
      diagnosticCode: 'smtp; 250 2.0.0 Ok: queued as 4F7',
    });
    await deliverMail(smtpPort, { from: '', to: [received.envelope.from] }, dsn, AS_A_RELAY);

    await webhooks('EMAIL_DELIVERED', (p) => p['trackingId'] === trackingId);
    const log = await logWith(trackingId, 'email_delivered_at');
    expect(log).toMatchObject({ email_delivered_recipients: 'dora@example.org' });
  });

  it('turns a bounce into EMAIL_FAILED and a suppression that skips the next send until removed', async () => {
    const { trackingId, received } = await sendEmail('bob');
    const dsn = deliveryStatusNotification(received, 'bob@example.org', {
      action: 'failed',
      status: '5.1.1',
      diagnosticCode: 'smtp; 550 5.1.1 <bob@example.org>: Recipient address rejected: User unknown',
    });
    await deliverMail(smtpPort, { from: '', to: [received.envelope.from] }, dsn, AS_A_RELAY);

    const [payload] = await webhooks('EMAIL_FAILED', (p) => p['trackingId'] === trackingId);
    expect(payload).toMatchObject({ failureCode: 'PERMANENT_NO_EMAIL_BOUNCE', userId: 'bob' });
    expect(await logWith(trackingId, 'email_failed_at')).toMatchObject({
      email_failed_code: 'PERMANENT_NO_EMAIL_BOUNCE',
      email_failed_recipient: 'bob@example.org',
      email_failed_diagnostic_code: expect.stringContaining('User unknown'),
    });
    const user = await eventually(async () => {
      const answer = await api.call<Json>('GET', '/users/bob');
      const found = (answer.body['user'] ?? answer.body) as Json;
      return found['emailSuppressionStatus'] ? found : undefined;
    });
    expect(user['emailSuppressionStatus']).toMatchObject({
      reason: 'Bounce',
      details: expect.objectContaining({ code: 'PERMANENT_NO_EMAIL_BOUNCE', status: '5.1.1' }),
    });

    const relayed = relay.received.length;
    const { body: next } = await api.call<{ trackingId: string }>('POST', '/send', {
      type: 'update',
      to: { id: 'bob', email: 'bob@example.org' },
      forceChannels: ['EMAIL'],
      email: { subject: 'Again', html: '<p>Again</p>' },
    });
    expect(await logWith(next.trackingId, 'email_failed_code')).toMatchObject({
      email_failed_code: 'SUPPRESSED_BOUNCE',
    });
    expect(relay.received.length).toBe(relayed);

    const removed = await api.call('DELETE', '/user_suppression/bob/channel/EMAIL');
    expect(removed.status).toBe(200);
    await sendEmail('bob', { email: { subject: 'Welcome back', html: '<p>Hi</p>' } });
  });

  it('turns a complaint into a Complaint suppression, EMAIL_FAILED and EMAIL_UNSUBSCRIBE', async () => {
    const { trackingId, received } = await sendEmail('carl');
    await deliverMail(
      smtpPort,
      { from: 'fbl@mailbox.test', to: [received.envelope.from] },
      abuseReport(received),
      AS_A_RELAY,
    );
    const [failed] = await webhooks('EMAIL_FAILED', (p) => p['trackingId'] === trackingId);
    expect(failed).toMatchObject({ failureCode: 'COMPLAINT_ABUSE', userId: 'carl' });
    await webhooks('EMAIL_UNSUBSCRIBE', (p) => p['trackingId'] === trackingId);
    const user = await eventually(async () => {
      const answer = await api.call<Json>('GET', '/users/carl');
      const found = (answer.body['user'] ?? answer.body) as Json;
      return found['emailSuppressionStatus'] ? found : undefined;
    });
    expect(user['emailSuppressionStatus']).toMatchObject({ reason: 'Complaint' });
  });
});
