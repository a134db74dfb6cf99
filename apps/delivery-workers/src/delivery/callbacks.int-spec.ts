import { randomBytes } from 'node:crypto';
import { INestApplicationContext } from '@nestjs/common';
import {
  Channel,
  Consumers,
  Jobs,
  Requests,
  SendSmsContentDto,
  SetSmsOptOutRequest,
  TwilioCallbackKind,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import {
  bootService,
  createTestDatabase,
  createTestNamespace,
  dropTestNamespace,
  eventually,
  FakeTwilio,
  TestDatabase,
  testEnv,
} from '@clarion/testing';
import { connect, NatsConnection } from 'nats';
import { DeliveryWorkersEnv } from '../delivery-workers.env';
import { DeliveryWorkersModule } from '../delivery-workers.module';
import {
  acknowledgedUpTo,
  deliveryJobOf,
  messagesTo as twilioMessagesTo,
  NatsStandIn,
  newTenant,
  publishJob,
  StreamLog,
  TWILIO_FROM as FROM,
  twilioSettingsOf,
  uniqueNumber,
} from './test-peers/delivery-fixtures';

const SET_SMS_OPT_OUT = Requests.setSmsOptOut.subject;

/** What Twilio reports later (receipts, inbound texts) as the gateway queues it for the workers. */
describe('Twilio callbacks', () => {
  const namespace = createTestNamespace();
  let db: TestDatabase;
  let nats: NatsConnection;
  let twilio: FakeTwilio;
  let app: INestApplicationContext;
  let events: StreamLog;
  let standIn: NatsStandIn;

  beforeAll(async () => {
    db = await createTestDatabase();
    nats = await connect({ servers: process.env['NATS_URL'] });
    twilio = await FakeTwilio.start(`AC${randomBytes(16).toString('hex')}`, 'twilio-token');
    standIn = new NatsStandIn(nats, namespace, [SET_SMS_OPT_OUT]);
    const env = testEnv(DeliveryWorkersEnv, {
      namespace,
      databaseUrl: db.url,
      PUBLIC_URL: 'https://clarion.test',
      ...twilioSettingsOf(twilio),
    });
    app = await bootService(DeliveryWorkersModule.forRoot(env));
    await app.init();
    events = await StreamLog.follow(nats, `${namespace}_EVENTS`);
  });

  afterAll(async () => {
    await events?.close();
    await app?.close();
    await nats?.close();
    await twilio?.close();
    await dropTestNamespace(namespace);
    await db?.drop();
  });

  const eventOf = (trackingId: string, kind: string) =>
    eventually(() => events.first(trackingId, kind));
  const messagesTo = (number: string) => twilioMessagesTo(twilio, number);
  /** Only to show that something did NOT happen. */
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** Texts a fresh number through the app and returns the send and Twilio's SID of it. */
  async function sentSms(content: SendSmsContentDto) {
    const number = uniqueNumber();
    const tenant = newTenant();
    const job = deliveryJobOf(Channel.SMS, tenant, { number }, content);
    await publishJob(app, Jobs.smsDelivery, job);
    const sent = await eventOf(job.trackingId, 'delivery.sms.sent');
    const sid = String(sent.data.fields?.['messageId']);
    expect(sid).toMatch(/^SM[0-9a-f]{32}$/);
    return { job, number, tenant, sid };
  }

  /** Publishes a callback as the gateway does after checking Twilio's signature. */
  async function callback(
    kind: TwilioCallbackKind,
    params: Record<string, string>,
    msgId = `${kind}:${randomBytes(8).toString('hex')}`,
  ) {
    const job = { provider: 'twilio' as const, kind, params, receivedAt: new Date().toISOString() };
    return app.get(MessagingClient).publishJob(Jobs.providerCallback, job, { msgId });
  }

  const inboundSid = () => `SM${randomBytes(16).toString('hex')}`;

  it('reports a delivery receipt as the delivered step of the send', async () => {
    const { job, sid } = await sentSms({ message: 'Your parcel is here' });
    await callback('sms-status', { MessageSid: sid, MessageStatus: 'sent' });
    await callback('sms-status', { MessageSid: sid, MessageStatus: 'delivered' });

    const delivered = await eventOf(job.trackingId, 'delivery.sms.delivered');
    expect(delivered.data).toMatchObject({
      channel: 'sms',
      status: 'delivered',
      userId: job.recipient.id,
      notificationId: job.notificationId,
      after: expect.any(Number),
    });
    expect(delivered).toMatchObject({ accountId: job.accountId, envId: job.envId });
    expect(events.eventsOf(job.trackingId).map((event) => event.kind)).toEqual([
      'delivery.sms.sent',
      'delivery.sms.delivered',
    ]);
  });

  it('reports an undelivered message as failed under the Twilio error code', async () => {
    const { job, sid } = await sentSms({ message: 'Into the void' });
    await callback('sms-status', {
      MessageSid: sid,
      MessageStatus: 'undelivered',
      ErrorCode: '30005',
    });

    const failed = await eventOf(job.trackingId, 'delivery.sms.failed');
    expect(failed.data).toMatchObject({
      channel: 'sms',
      failedCode: '30005',
      internal: 'Twilio reported the message undelivered (Twilio error 30005)',
    });
  });

  it('stores a STOP reply as an opt-out and records it on the send', async () => {
    const { job, number, tenant } = await sentSms({ message: 'Weekly digest' });
    const sid = inboundSid();
    await callback('sms-inbound', { MessageSid: sid, From: number, To: FROM, Body: 'STOP' });

    const optOut = await eventually(() =>
      standIn
        .requestsTo<SetSmsOptOutRequest>(SET_SMS_OPT_OUT)
        .find((request) => request.number === number),
    );
    expect(optOut).toEqual({ ...tenant, number, optedOut: true, keyword: 'STOP' });
    const inbound = await eventOf(job.trackingId, 'delivery.sms.inbound');
    expect(inbound).toMatchObject({ id: `${job.trackingId}:delivery.sms.inbound:${sid}` });
    expect(inbound.data.fields).toEqual({ from: number, to: FROM, text: 'STOP' });
    const unsubscribe = await eventOf(job.trackingId, 'delivery.sms.unsubscribe');
    expect(unsubscribe.data.fields).toEqual({ from: number, keyword: 'STOP' });
    expect(messagesTo(number)).toHaveLength(1); // no auto-reply to a keyword
  });

  it("answers an inbound text with the send's auto-reply, once per text", async () => {
    const { job, number } = await sentSms({
      message: 'How was your stay?',
      autoReply: { message: 'Thanks!' },
    });
    const sid = inboundSid();
    const params = { MessageSid: sid, From: number, To: FROM, Body: 'hello', NumMedia: '0' };
    await callback('sms-inbound', params);

    const replied = await eventOf(job.trackingId, 'delivery.sms.replied');
    expect(replied.data.fields).toEqual({ to: number, text: 'Thanks!' });
    const inbound = await eventOf(job.trackingId, 'delivery.sms.inbound');
    expect(inbound.data.fields).toEqual({ from: number, to: FROM, text: 'hello' });
    const requests = messagesTo(number);
    expect(requests).toHaveLength(2);
    // The reply goes from the number the user texted; nothing tracks it, so no StatusCallback.
    expect(Object.fromEntries(requests[1]!.form)).toEqual({
      To: number,
      From: FROM,
      Body: 'Thanks!',
    });

    // Twilio retrying its webhook (the gateway queues it again): the same text is answered once.
    const again = await callback('sms-inbound', params);
    await eventually(() =>
      acknowledgedUpTo(
        nats,
        `${namespace}_DELIVERY`,
        Consumers.deliveryWorkersCallbacks,
        again.seq,
      ),
    );
    await pause(300);
    expect(messagesTo(number)).toHaveLength(2);
    expect(events.eventsOf(job.trackingId, 'delivery.sms.replied')).toHaveLength(1);
  });

  // The attempt is keyed by the E.164 form Twilio texts back from, not as the user record writes it.
  it('honours a STOP from a user whose number is stored with spaces', async () => {
    const e164 = uniqueNumber();
    const written = `${e164.slice(0, 2)} ${e164.slice(2, 5)} ${e164.slice(5)}`;
    const job = deliveryJobOf(Channel.SMS, newTenant(), { number: written }, { message: 'Hi' });
    await publishJob(app, Jobs.smsDelivery, job);
    await eventOf(job.trackingId, 'delivery.sms.sent');
    expect(messagesTo(e164)).toHaveLength(1);

    await callback('sms-inbound', { MessageSid: inboundSid(), From: e164, To: FROM, Body: 'STOP' });
    await eventOf(job.trackingId, 'delivery.sms.unsubscribe');
    const optOuts = standIn.requestsTo<SetSmsOptOutRequest>(SET_SMS_OPT_OUT);
    expect(optOuts.find((request) => request.number === e164)).toMatchObject({ optedOut: true });
  });
});
