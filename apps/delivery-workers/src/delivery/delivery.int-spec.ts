import { createHash, randomBytes } from 'node:crypto';
import { INestApplicationContext } from '@nestjs/common';
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import {
  Channel,
  Consumers,
  deadLetterSubject,
  Jobs,
  newTimeOrderedId,
  PhoneNumberRouteReply,
  RemoveDeadAddressRequest,
  Requests,
  StreamName,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import {
  bootService,
  createTestDatabase,
  createTestNamespace,
  dropTestNamespace,
  eventually,
  loopbackTls,
  TestDatabase,
  testEnv,
  twilioError,
} from '@clarion/testing';
import { connect, JSONCodec, NatsConnection } from 'nats';
import { DeliveryWorkersEnv } from '../delivery-workers.env';
import { DeliveryAttemptsRepository } from './delivery-attempts.repository';
import { DeliveryWorkersModule } from '../delivery-workers.module';
import { rpcError } from '../mobile-push/test-peers/fcm-peer';
import { pushTokenOf } from '../mobile-push/test-peers/mobile-push-fixtures';
import {
  acknowledgedUpTo,
  BrowserSubscription,
  closeProviderPeers,
  decryptedPush,
  deliveryJobOf,
  emailsTo,
  messagesTo,
  NatsStandIn,
  newTenant,
  ProviderPeers,
  providerSettingsOf,
  publishJob,
  savePushCredentials,
  startProviderPeers,
  StreamLog,
  Tenant,
  TWILIO_FROM as FROM,
  twilioSettingsOf,
  uniqueEmail,
  uniqueNumber,
  vapidClaimsOf,
} from './test-peers/delivery-fixtures';

const PUBLIC_URL = 'https://clarion.test';
const REMOVE_DEAD_ADDRESS = Requests.removeDeadAddress.subject;

/**
 * App A has every provider configured (loopback peers) and the default retry window; app B has
 * no SMTP_URL (the email sandbox), a Twilio that only answers 503 and a 2 s retry window.
 */
describe('delivery through the provider adapters', () => {
  const namespaceA = createTestNamespace();
  const namespaceB = createTestNamespace();
  let db: TestDatabase;
  let nats: NatsConnection;
  let peers: ProviderPeers;
  let appA: INestApplicationContext;
  let appB: INestApplicationContext;
  let eventsA: StreamLog;
  let eventsB: StreamLog;
  let deadLettersB: StreamLog;
  let standIn: NatsStandIn;
  const spans = new InMemorySpanExporter();

  beforeAll(async () => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    trace.setGlobalTracerProvider(
      new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] }),
    );
    [db, nats, peers] = await Promise.all([
      createTestDatabase(),
      connect({ servers: process.env['NATS_URL'] }),
      startProviderPeers(loopbackTls()),
    ]);
    standIn = new NatsStandIn(nats, namespaceA, [REMOVE_DEAD_ADDRESS]);
    appA = await boot(namespaceA, providerSettingsOf(peers));
    appB = await boot(namespaceB, {
      ...twilioSettingsOf(peers.downTwilio),
      DELIVERY_RETRY_FOR_SECONDS: '2',
    });
    [eventsA, eventsB, deadLettersB] = await Promise.all([
      StreamLog.follow(nats, `${namespaceA}_EVENTS`),
      StreamLog.follow(nats, `${namespaceB}_EVENTS`),
      StreamLog.follow(nats, `${namespaceB}_DEAD_LETTER`),
    ]);
  });

  afterAll(async () => {
    await Promise.all([eventsA, eventsB, deadLettersB].map((log) => log?.close()));
    // The module leaves the SMTP pool and the guard's keep-alive sockets open on shutdown.
    await Promise.all([appA, appB].map((app) => app?.close()));
    await nats?.close();
    await closeProviderPeers(peers);
    await Promise.all([dropTestNamespace(namespaceA), dropTestNamespace(namespaceB)]);
    await db?.drop();
    trace.disable();
    propagation.disable();
    context.disable();
  });

  async function boot(namespace: string, overrides: Record<string, string>) {
    const env = testEnv(DeliveryWorkersEnv, {
      namespace,
      databaseUrl: db.url,
      PUBLIC_URL,
      ...overrides,
    });
    const app = await bootService(DeliveryWorkersModule.forRoot(env));
    await app.init();
    return app;
  }

  const eventOf = (log: StreamLog, trackingId: string, kind: string, timeoutMs = 10_000) =>
    eventually(() => log.first(trackingId, kind), { timeoutMs });
  const removals = () => standIn.requestsTo<RemoveDeadAddressRequest>(REMOVE_DEAD_ADDRESS);
  /** Only to show that something did NOT happen. */
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const attemptOf = async (trackingId: string) => {
    const sql = `SELECT * FROM delivery.delivery_attempts WHERE tracking_id = $1`;
    return (await db.query(sql, [trackingId]))[0];
  };

  describe('email', () => {
    it('sends through SMTP once, however often the job is delivered', async () => {
      const email = uniqueEmail();
      const content = { subject: 'Welcome aboard', html: '<p>Hello Ada</p>' };
      const job = deliveryJobOf(Channel.EMAIL, newTenant(), { email }, content);
      await publishJob(appA, Jobs.emailDelivery, job);

      const sent = await eventOf(eventsA, job.trackingId, 'delivery.email.sent');
      expect(emailsTo(peers.smtp, email)).toHaveLength(1);
      const { mail } = emailsTo(peers.smtp, email)[0]!;
      expect(mail.subject).toBe('Welcome aboard');
      expect(mail.headers.get('x-clarion-tracking-id')).toBe(job.trackingId);
      expect(sent.data).toMatchObject({
        channel: 'email',
        status: 'sent',
        after: expect.any(Number),
        userId: job.recipient.id,
        fields: { message_id: mail.messageId },
      });

      // A redelivery (same job, another message): the attempt record says sent, nothing goes out.
      const again = await publishJob(appA, Jobs.emailDelivery, job, `${job.trackingId}:again`);
      expect(again.duplicate).toBe(false);
      await eventually(() =>
        acknowledgedUpTo(nats, `${namespaceA}_DELIVERY`, Consumers.deliveryWorkersEmail, again.seq),
      );
      await pause(500);
      expect(emailsTo(peers.smtp, email)).toHaveLength(1);
      expect(eventsA.eventsOf(job.trackingId, 'delivery.email.sent')).toHaveLength(1);
    });

    it('records the email in the sandbox when no SMTP relay is configured', async () => {
      const email = uniqueEmail();
      const content = { subject: 'Sandboxed', html: '<p>Hi</p>' };
      const job = deliveryJobOf(Channel.EMAIL, newTenant(), { email }, content);
      await publishJob(appB, Jobs.emailDelivery, job);

      const sent = await eventOf(eventsB, job.trackingId, 'delivery.email.sent');
      expect(sent.data.fields).toEqual({
        sandbox: expect.stringMatching(/^No email provider is configured \(SMTP_URL\)/),
      });
      expect(await attemptOf(job.trackingId)).toMatchObject({
        state: 'sent',
        provider_message_id: `sandbox-${job.trackingId}`,
        details: { sandbox: { to: email, content } },
      });
      expect(emailsTo(peers.smtp, email)).toEqual([]);
    });
  });

  describe('SMS', () => {
    const smsJob = (number: string, message: string, tenant: Tenant = newTenant()) =>
      deliveryJobOf(Channel.SMS, tenant, { number }, { message });

    it('texts through Twilio with the status callback of the gateway', async () => {
      const number = uniqueNumber();
      const job = smsJob(number, 'Your code is 1234');
      await publishJob(appA, Jobs.smsDelivery, job);

      const sent = await eventOf(eventsA, job.trackingId, 'delivery.sms.sent');
      const requests = messagesTo(peers.twilio, number);
      expect(requests).toHaveLength(1);
      expect(Object.fromEntries(requests[0]!.form)).toEqual({
        To: number,
        From: FROM,
        Body: 'Your code is 1234',
        StatusCallback: `${PUBLIC_URL}/webhooks/twilio/sms-status`,
      });
      expect(sent.data.fields).toMatchObject({
        from: FROM,
        messageId: expect.stringMatching(/^SM[0-9a-f]{32}$/),
      });
      expect(await attemptOf(job.trackingId)).toMatchObject({
        state: 'sent',
        provider_message_id: sent.data.fields?.['messageId'],
      });
    });

    it('texts from the shared number, and fails a text from a number its account no longer holds without sending it', async () => {
      const tenant = newTenant();
      const releasedNumber = uniqueNumber();
      // Numbers, as it answers once the account released the number and someone else took it.
      const json = JSONCodec();
      const routes = new Map<string, PhoneNumberRouteReply>([
        [FROM, { shared: true }],
        [releasedNumber, { accountId: newTimeOrderedId() }],
      ]);
      const numbers = nats.subscribe(`${namespaceA}.${Requests.routeNumber.subject}`, {
        callback: (_, message) => {
          const { phoneNumber } = json.decode(message.data) as { phoneNumber: string };
          message.respond(json.encode({ ok: true, data: routes.get(phoneNumber) ?? {} }));
        },
      });
      await nats.flush();
      try {
        const fromShared = deliveryJobOf(
          Channel.SMS,
          tenant,
          { number: uniqueNumber() },
          {
            message: 'From the shared number',
            from: FROM,
          },
        );
        await publishJob(appA, Jobs.smsDelivery, fromShared);
        await eventOf(eventsA, fromShared.trackingId, 'delivery.sms.sent');

        const number = uniqueNumber();
        const job = deliveryJobOf(
          Channel.SMS,
          tenant,
          { number },
          {
            message: 'From a released number',
            from: releasedNumber,
          },
        );
        await publishJob(appA, Jobs.smsDelivery, job);
        const failed = await eventOf(eventsA, job.trackingId, 'delivery.sms.failed');
        expect(failed.data).toMatchObject({
          failedCode: 'SENDER_NOT_OWNED',
          internal: expect.stringContaining(releasedNumber),
        });
        expect(messagesTo(peers.twilio, number)).toEqual([]);
      } finally {
        numbers.unsubscribe();
      }
    });

    it('tries again after a Twilio 500 and sends the message once', async () => {
      const number = uniqueNumber();
      peers.twilio.replyNext({ status: 500, body: twilioError(20500, 'Internal error', 500) });
      const job = smsJob(number, 'Second time lucky');
      await publishJob(appA, Jobs.smsDelivery, job);

      await eventOf(eventsA, job.trackingId, 'delivery.sms.sent');
      expect(messagesTo(peers.twilio, number)).toHaveLength(2);
      expect(await attemptOf(job.trackingId)).toMatchObject({ state: 'sent', attempts: 2 });
      await pause(300);
      expect(messagesTo(peers.twilio, number)).toHaveLength(2);
      expect(eventsA.eventsOf(job.trackingId, 'delivery.sms.failed')).toHaveLength(0);
    });

    it("traces the first attempt in the send's trace, and a retry in a trace of its own linked to it", async () => {
      const number = uniqueNumber();
      peers.twilio.replyNext({ status: 500, body: twilioError(20500, 'Internal error', 500) });
      const job = smsJob(number, 'Traced twice');
      const send = trace.getTracer('spec').startSpan('POST /send');
      await context.with(trace.setSpan(context.active(), send), () =>
        publishJob(appA, Jobs.smsDelivery, job),
      );
      send.end();
      const sendTrace = send.spanContext().traceId;

      const attempts = await eventually(() => {
        const processed = spans
          .getFinishedSpans()
          .filter(
            (span) =>
              span.name === 'delivery.sms process' &&
              span.attributes['clarion.tracking_id'] === job.trackingId,
          );
        return processed.length === 2 ? processed : undefined;
      });
      const [first, retry] = attempts;
      expect(first!.spanContext().traceId).toBe(sendTrace);
      expect(first!.links).toEqual([]);
      expect(retry!.spanContext().traceId).not.toBe(sendTrace);
      expect(retry!.parentSpanContext).toBeUndefined();
      expect(retry!.links.map((link) => link.context.traceId)).toEqual([sendTrace]);
      expect(retry!.attributes['clarion.delivery_count']).toBe(2);
      const deliverSpans = spans
        .getFinishedSpans()
        .filter((span) => span.name === 'delivery.sms deliver');
      expect(new Set(deliverSpans.map((span) => span.attributes['clarion.channel']))).toEqual(
        new Set([Channel.SMS]),
      );
    });

    it('fails at once, without a retry, when Twilio rejects the number (21211)', async () => {
      const number = uniqueNumber();
      const invalid = `The 'To' number ${number} is not a valid phone number.`;
      peers.twilio.replyNext({ status: 400, body: twilioError(21211, invalid, 400) });
      const job = smsJob(number, 'Nobody home');
      await publishJob(appA, Jobs.smsDelivery, job);

      const failed = await eventOf(eventsA, job.trackingId, 'delivery.sms.failed');
      expect(failed.data).toMatchObject({ channel: 'sms', failedCode: '21211', internal: invalid });
      await pause(1_500); // longer than the first backoff (at most 1 s)
      expect(messagesTo(peers.twilio, number)).toHaveLength(1);
      expect(eventsA.eventsOf(job.trackingId, 'delivery.sms.sent')).toHaveLength(0);
    });

    it('gives up once the retry window is over and dead-letters the job', async () => {
      const number = uniqueNumber();
      for (let i = 0; i < 30; i++) {
        peers.downTwilio.replyNext({ status: 503, body: twilioError(20503, 'Unavailable', 503) });
      }
      const job = smsJob(number, 'Anyone there?');
      await publishJob(appB, Jobs.smsDelivery, job);

      const failed = await eventOf(eventsB, job.trackingId, 'delivery.sms.failed', 15_000);
      expect(failed.data).toMatchObject({
        failedCode: 'Unknown',
        internal: expect.stringMatching(/^gave up after \d+ attempts: Twilio answered HTTP 503/),
      });
      expect(messagesTo(peers.downTwilio, number).length).toBeGreaterThanOrEqual(2);
      const subject = `${namespaceB}.${deadLetterSubject(StreamName.DELIVERY, Consumers.deliveryWorkersSms)}`;
      const letter = await eventually(() => deadLettersB.deadLetterOf(subject, job.trackingId));
      expect(letter.data).toEqual(job);
      expect(letter.headers?.get('Clarion-Reason')).toMatch(/^gave up after/);
      expect(await attemptOf(job.trackingId)).toMatchObject({
        state: 'failed',
        failed_code: 'Unknown',
      });
    });

    it('never texts again after a worker stopped during the Twilio call', async () => {
      const number = uniqueNumber();
      const tenant = newTenant();
      const job = smsJob(number, 'Only once', tenant);
      const addressKey = createHash('sha256').update(number).digest('hex');
      await db.query(
        `INSERT INTO delivery.delivery_attempts
           (tracking_id, channel, address_key, account_id, env_id, address, state, updated_at)
         VALUES ($1, 'sms', $2, $3, $4, $5, 'sending', now() - interval '1 hour')`,
        [job.trackingId, addressKey, tenant.accountId, tenant.envId, number],
      );
      await publishJob(appA, Jobs.smsDelivery, job);

      const failed = await eventOf(eventsA, job.trackingId, 'delivery.sms.failed');
      expect(failed.data).toMatchObject({
        failedCode: 'Unknown',
        internal: expect.stringContaining('a worker stopped while the provider was being called'),
      });
      expect(await attemptOf(job.trackingId)).toMatchObject({
        state: 'failed',
        interrupted: true,
        attempts: 2,
      });
      await pause(300);
      expect(messagesTo(peers.twilio, number)).toHaveLength(0);
    });

    it('forgets attempt records after 30 days, and only those', async () => {
      const tenant = newTenant();
      const [old, recent] = [newTimeOrderedId(), newTimeOrderedId()];
      for (const [trackingId, age] of [
        [old, '31 days'],
        [recent, '29 days'],
      ]) {
        await db.query(
          `INSERT INTO delivery.delivery_attempts
             (tracking_id, channel, address_key, account_id, env_id, address, state, updated_at)
           VALUES ($1, 'sms', 'k', $2, $3, '+15550000000', 'sent', now() - $4::interval)`,
          [trackingId, tenant.accountId, tenant.envId, age],
        );
      }
      expect(await appA.get(DeliveryAttemptsRepository).deleteOlderThan(30)).toBeGreaterThanOrEqual(
        1,
      );
      expect(await attemptOf(old)).toBeUndefined();
      expect(await attemptOf(recent)).toMatchObject({ state: 'sent' });
    });
  });

  describe('mobile push', () => {
    const content = { title: 'Order shipped', message: 'It is on its way' };
    const fcmRequestsFor = (token: string) =>
      peers.fcm.received.filter((seen) => JSON.stringify(seen.body).includes(token));

    it('pushes through FCM and APNs with the credentials saved for the environment', async () => {
      const tenant = newTenant();
      const messaging = appA.get(MessagingClient);
      const [fcmSettings, apnSettings] = await savePushCredentials(messaging, tenant, peers);
      expect(fcmSettings).toMatchObject({ configured: true, projectId: 'clarion-test' });
      expect(apnSettings).toMatchObject({ configured: true, teamId: 'TEAM123456' });
      const fcmToken = `fcm-${randomBytes(8).toString('hex')}`;
      const apnToken = randomBytes(32).toString('hex');
      const pushTokens = [pushTokenOf('FCM', fcmToken), pushTokenOf('APN', apnToken)];
      const job = deliveryJobOf(Channel.PUSH, tenant, { pushTokens }, content);
      await publishJob(appA, Jobs.mobilePushDelivery, job);

      await eventOf(eventsA, job.trackingId, 'delivery.mobile_push.delivered');
      expect(eventsA.eventsOf(job.trackingId).map((event) => event.kind)).toEqual([
        'delivery.mobile_push.sent',
        'delivery.mobile_push.delivered',
      ]);
      const toFcm = fcmRequestsFor(fcmToken);
      expect(toFcm).toHaveLength(1);
      expect(toFcm[0]).toMatchObject({
        projectId: 'clarion-test',
        body: { message: { token: fcmToken, notification: { title: content.title } } },
      });
      const toApns = peers.apns.received.filter((seen) => seen.deviceToken === apnToken);
      expect(toApns).toHaveLength(1);
      expect(toApns[0]!.headers['apns-topic']).toBe('com.example.app');
      expect(toApns[0]!.payload).toMatchObject({
        aps: { alert: { title: content.title, body: content.message } },
      });
      expect([...peers.oauth.refusals, ...peers.apns.refusals]).toEqual([]);
    });

    it('asks notifications to remove a token FCM calls UNREGISTERED', async () => {
      const tenant = newTenant();
      await savePushCredentials(appA.get(MessagingClient), tenant, peers);
      const deadToken = `fcm-dead-${randomBytes(8).toString('hex')}`;
      peers.fcm.answerNextWith({
        status: 404,
        body: rpcError(404, 'NOT_FOUND', 'Requested entity was not found.', 'UNREGISTERED'),
      });
      const pushTokens = [pushTokenOf('FCM', deadToken)];
      const job = deliveryJobOf(Channel.PUSH, tenant, { pushTokens }, content);
      await publishJob(appA, Jobs.mobilePushDelivery, job);

      const failed = await eventOf(eventsA, job.trackingId, 'delivery.mobile_push.failed');
      expect(failed.data).toMatchObject({ failedCode: 'INVALID_FCM_TOKEN' });
      const removal = await eventually(() => removals().find((r) => r.pushToken === deadToken));
      expect(removal).toEqual({ ...tenant, userId: job.recipient.id, pushToken: deadToken });
    });

    it('fails with NO_FCM_CONFIG for an environment without FCM credentials', async () => {
      const token = `fcm-${randomBytes(8).toString('hex')}`;
      const pushTokens = [pushTokenOf('FCM', token)];
      const job = deliveryJobOf(Channel.PUSH, newTenant(), { pushTokens }, content);
      await publishJob(appA, Jobs.mobilePushDelivery, job);

      const failed = await eventOf(eventsA, job.trackingId, 'delivery.mobile_push.failed');
      expect(failed.data).toMatchObject({
        failedCode: 'NO_FCM_CONFIG',
        internal: expect.stringContaining('PUT /settings/push/fcm'),
      });
      expect(fcmRequestsFor(token)).toEqual([]);
    });
  });

  describe('web push', () => {
    const content = { title: 'New comment', message: 'Ada replied', url: 'https://app.test/c/1' };
    const webPushJob = (tenant: Tenant, browser: BrowserSubscription) =>
      deliveryJobOf(Channel.WEB_PUSH, tenant, { webPushTokens: [browser.token] }, content);

    it('encrypts the push for the browser and signs it with the environment key', async () => {
      const tenant = newTenant();
      const { publicKey } = await appA
        .get(MessagingClient)
        .request(Requests.vapidPublicKey, tenant);
      expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
      const browser = peers.pushService.subscribe();
      const job = webPushJob(tenant, browser);
      await publishJob(appA, Jobs.webPushDelivery, job);

      const delivered = await eventOf(eventsA, job.trackingId, 'delivery.web_push.delivered');
      expect(delivered.data.fields).toEqual({ token: browser.token.sub.endpoint });
      const pushes = peers.pushService.pushesTo(browser.token.sub.endpoint);
      expect(pushes).toHaveLength(1);
      expect(pushes[0]!.headers['content-encoding']).toBe('aes128gcm');
      expect(decryptedPush(pushes[0]!, browser)).toEqual({
        ...content,
        trackingId: job.trackingId,
      });
      expect(vapidClaimsOf(pushes[0]!.headers.authorization, publicKey)).toMatchObject({
        aud: peers.pushService.origin,
        sub: 'mailto:operator@clarion.localhost',
      });
    });

    it('asks notifications to remove a subscription the push service calls gone', async () => {
      const tenant = newTenant();
      const browser = peers.pushService.subscribe();
      const endpoint = browser.token.sub.endpoint;
      peers.pushService.answerFor(endpoint, 410, 'push subscription has unsubscribed or expired.');
      const job = webPushJob(tenant, browser);
      await publishJob(appA, Jobs.webPushDelivery, job);

      const failed = await eventOf(eventsA, job.trackingId, 'delivery.web_push.failed');
      expect(failed.data).toMatchObject({ failedCode: 'UNSUBSCIRBED_OR_EXPIRED' });
      const removal = await eventually(() =>
        removals().find((r) => r.webPushEndpoint === endpoint),
      );
      expect(removal).toEqual({ ...tenant, userId: job.recipient.id, webPushEndpoint: endpoint });
    });
  });

  describe('Slack', () => {
    const slackJob = (slackChannel: string, token: string) =>
      deliveryJobOf(
        Channel.SLACK,
        newTenant(),
        { slackChannel, slackToken: { ok: true, access_token: token, token_type: 'bot' } },
        { text: 'Deploy finished' },
      );

    it('posts to a channel found by name with the user token', async () => {
      const token = `xoxb-${randomBytes(8).toString('hex')}`;
      const job = slackJob('#general', token);
      await publishJob(appA, Jobs.slackDelivery, job);

      const delivered = await eventOf(eventsA, job.trackingId, 'delivery.slack.delivered');
      expect(eventsA.first(job.trackingId, 'delivery.slack.sent')).toBeDefined();
      const calls = peers.slack.callsWith(token);
      expect(calls.map((call) => call.method)).toEqual(['conversations.list', 'chat.postMessage']);
      expect(calls[1]!.body).toEqual({ channel: 'C0GENERAL1', text: 'Deploy finished' });
      expect(delivered.data.fields).toEqual({
        internal: expect.stringMatching(/^C0GENERAL1:\d+\.000100$/),
      });
    });

    it('fails with CHANNEL_NOT_FOUND when Slack does not know the channel', async () => {
      const token = `xoxb-${randomBytes(8).toString('hex')}`;
      peers.slack.failPostsTo('C0DELETED01', 'channel_not_found');
      const job = slackJob('C0DELETED01', token);
      await publishJob(appA, Jobs.slackDelivery, job);

      const failed = await eventOf(eventsA, job.trackingId, 'delivery.slack.failed');
      expect(failed.data).toMatchObject({ failedCode: 'CHANNEL_NOT_FOUND' });
      expect(peers.slack.callsWith(token).map((call) => call.method)).toEqual(['chat.postMessage']);
    });
  });
});
