import { CallDeliveryJob, Channel, SendSmsContentDto, SmsDeliveryJob } from '@clarion/contracts';
import { AttemptContext } from '../delivery/provider-outcome';
import { AccountNumbers } from './account-numbers';
import { FakeTwilio } from '@clarion/testing';
import { TwilioCallAdapter } from './twilio-call.adapter';
import { TwilioClient } from './twilio-client';
import { TwilioConfig } from './twilio-config';
import { TwilioSmsAdapter } from './twilio-sms.adapter';

const FROM = '+15005550006';
const TO = '+15558675310';
const context: AttemptContext = { idempotencyKey: 'trk-1:sms:+15558675310', attempt: 1 };

describe('Twilio adapters against a Twilio-like HTTP peer', () => {
  let twilio: FakeTwilio;
  let config: TwilioConfig;
  let sms: TwilioSmsAdapter;
  let call: TwilioCallAdapter;

  beforeEach(async () => {
    twilio = await FakeTwilio.start('AC0123456789abcdef0123456789abcdef', 'the-auth-token');
    config = {
      baseUrl: twilio.baseUrl,
      accountSid: twilio.accountSid,
      authToken: twilio.authToken,
      fromNumber: FROM,
      publicUrl: 'https://clarion.example.com/',
    };
    const client = new TwilioClient(config);
    sms = new TwilioSmsAdapter(client, new AccountNumbers(client));
    call = new TwilioCallAdapter(client);
  });

  afterEach(() => twilio.close());

  describe(TwilioSmsAdapter.name, () => {
    it('sends a text with Basic auth, a form body and the status callback', async () => {
      const outcome = await sms.send(smsJob({ message: 'Your code is 12 & 34 ✓' }), context);

      const [request] = twilio.requestsTo('Messages.json');
      expect(request?.method).toBe('POST');
      expect(Object.fromEntries(request!.form)).toEqual({
        To: TO,
        From: FROM,
        Body: 'Your code is 12 & 34 ✓',
        StatusCallback: 'https://clarion.example.com/webhooks/twilio/sms-status',
      });
      expect(outcome).toEqual({
        status: 'sent',
        providerMessageId: expect.stringMatching(/^SM[0-9a-f]{32}$/),
        fields: {
          from: FROM,
          messageId: outcome.status === 'sent' && outcome.providerMessageId,
          mms: false,
          segments: 1,
        },
      });
    });

    it('sends an MMS with one MediaUrl per media URL', async () => {
      const mediaUrls = ['https://cdn.example.com/a.png', 'https://cdn.example.com/b.jpg?x=1&y=2'];
      const outcome = await sms.send(smsJob({ message: 'Look', mediaUrls }), context);

      expect(twilio.requestsTo('Messages.json')[0]?.form.getAll('MediaUrl')).toEqual(mediaUrls);
      expect(outcome).toMatchObject({ status: 'sent', fields: { mms: true } });
    });

    it('sends media without a body', async () => {
      const outcome = await sms.send(
        smsJob({ mediaUrls: ['https://cdn.example.com/a.png'] }),
        context,
      );

      expect(twilio.requestsTo('Messages.json')[0]?.form.has('Body')).toBe(false);
      expect(outcome).toMatchObject({ status: 'sent', fields: { mms: true } });
    });

    it('sends from the override when the account owns it, asking Twilio once in five minutes', async () => {
      twilio.accountNumbers.add('+15005550001');
      const job = smsJob({ message: 'hi', from: '+1 500-555-0001' });

      await sms.send(job, context);
      const outcome = await sms.send(job, context);

      const lookups = twilio.requestsTo('IncomingPhoneNumbers.json');
      expect(lookups).toHaveLength(1);
      expect(lookups[0]?.query.get('PhoneNumber')).toBe('+15005550001');
      expect(twilio.requestsTo('Messages.json').map((r) => r.form.get('From'))).toEqual([
        '+15005550001',
        '+15005550001',
      ]);
      expect(outcome).toMatchObject({ status: 'sent', fields: { from: '+15005550001' } });
    });

    it('refuses an override the account does not own, without sending', async () => {
      twilio.accountNumbers.add(FROM);
      const outcome = await sms.send(smsJob({ message: 'hi', from: '+15005550009' }), context);

      expect(outcome).toEqual({
        status: 'failed',
        code: 'Unknown',
        reason: 'the from number +15005550009 is not a number of the Twilio account',
      });
      expect(twilio.requestsTo('Messages.json')).toHaveLength(0);
    });

    it('sends from the configured number without asking Twilio whether it owns it', async () => {
      await sms.send(smsJob({ message: 'hi', from: FROM }), context);

      expect(twilio.requestsTo('IncomingPhoneNumbers.json')).toHaveLength(0);
      expect(twilio.requestsTo('Messages.json')[0]?.form.get('From')).toBe(FROM);
    });

    it('retries when Twilio cannot say whether the account owns the override', async () => {
      twilio.replyNext({ status: 503, body: 'upstream unavailable' });
      const outcome = await sms.send(smsJob({ message: 'hi', from: '+15005550001' }), context);

      expect(outcome).toMatchObject({ status: 'retry' });
      expect(twilio.requestsTo('Messages.json')).toHaveLength(0);
    });

    it.each([
      ['no number', null, { message: 'hi' }, 'MISSING_SMS_RECIPIENT'],
      ['a number that is not E.164', 'call me', { message: 'hi' }, 'INVALID_PHONE_NUMBER'],
      ['neither message nor media', TO, { message: '  ' }, 'MISSING_SMS_MESSAGE'],
    ])('fails a job with %s without calling Twilio', async (_label, number, content, code) => {
      const outcome = await sms.send(smsJob(content, number), context);

      expect(outcome).toMatchObject({ status: 'failed', code });
      expect(twilio.requests).toHaveLength(0);
    });

    it('answers an inbound text from the number it was sent to, untracked', async () => {
      const outcome = await sms.sendReply(FROM, TO, 'Thanks, we got it');

      expect(Object.fromEntries(twilio.requestsTo('Messages.json')[0]!.form)).toEqual({
        To: TO,
        From: FROM,
        Body: 'Thanks, we got it',
      });
      expect(outcome).toMatchObject({ status: 'sent', fields: { from: FROM, mms: false } });
    });
  });

  describe(TwilioCallAdapter.name, () => {
    it('places a call that says the XML-escaped message and reports its end', async () => {
      const outcome = await call.send(callJob('Tom & Jerry <3 "you"'), context);

      const [request] = twilio.requestsTo('Calls.json');
      expect(Object.fromEntries(request!.form)).toEqual({
        To: TO,
        From: FROM,
        Twiml: '<Response><Say>Tom &amp; Jerry &lt;3 &quot;you&quot;</Say></Response>',
        StatusCallback: 'https://clarion.example.com/webhooks/twilio/call-status',
        StatusCallbackEvent: 'completed',
      });
      expect(outcome).toEqual({
        status: 'sent',
        providerMessageId: expect.stringMatching(/^CA[0-9a-f]{32}$/),
        fields: { from: FROM },
      });
    });

    it('fails a call to a user without a number', async () => {
      const outcome = await call.send(callJob('hello', null), context);

      expect(outcome).toMatchObject({ status: 'failed', code: 'NO_ADDRESS' });
      expect(twilio.requests).toHaveLength(0);
    });
  });
});

/** `null`: the user has no number. */
function smsJob(content: SendSmsContentDto, number: string | null = TO): SmsDeliveryJob {
  return { ...jobBase(Channel.SMS, number), content };
}

function callJob(message: string, number: string | null = TO): CallDeliveryJob {
  return { ...jobBase(Channel.CALL, number), content: { message } };
}

function jobBase(channel: Channel, number: string | null) {
  return {
    trackingId: 'trk-1',
    accountId: 'acc-1',
    envId: 'env-1',
    channel,
    notificationId: 'order_shipped',
    recipient: { id: 'user-1', ...(number !== null && { number }) },
    receivedAt: '2026-01-01T00:00:00.000Z',
  };
}
