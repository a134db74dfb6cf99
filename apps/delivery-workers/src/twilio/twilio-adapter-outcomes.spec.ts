import { CallDeliveryJob, Channel, SmsDeliveryJob } from '@clarion/contracts';
import { AttemptContext } from '../delivery/provider-outcome';
import { AccountNumbers } from './account-numbers';
import { FakeTwilio, twilioError } from '@clarion/testing';
import { TwilioCallAdapter } from './twilio-call.adapter';
import { TwilioClient } from './twilio-client';
import { TwilioConfig } from './twilio-config';
import { TwilioSmsAdapter } from './twilio-sms.adapter';

const context: AttemptContext = { idempotencyKey: 'trk-1:sms:+15558675310', attempt: 1 };
const recipient = { id: 'user-1', number: '+15558675310' };
const base = {
  trackingId: 'trk-1',
  accountId: 'acc-1',
  envId: 'env-1',
  notificationId: 'order_shipped',
  recipient,
  receivedAt: '2026-01-01T00:00:00.000Z',
};
const smsJob: SmsDeliveryJob = { ...base, channel: Channel.SMS, content: { message: 'hi' } };
const callJob: CallDeliveryJob = { ...base, channel: Channel.CALL, content: { message: 'hi' } };

describe('Twilio adapter outcomes of Twilio answers', () => {
  let twilio: FakeTwilio;
  let config: TwilioConfig;

  beforeEach(async () => {
    twilio = await FakeTwilio.start('AC0123456789abcdef0123456789abcdef', 'the-auth-token');
    config = {
      baseUrl: twilio.baseUrl,
      accountSid: twilio.accountSid,
      authToken: twilio.authToken,
      fromNumber: '+15005550006',
      publicUrl: 'https://clarion.example.com',
    };
  });

  afterEach(() => twilio.close());

  function smsAdapter(overrides: Partial<TwilioConfig> = {}, timeoutMs?: number) {
    const client = new TwilioClient({ ...config, ...overrides }, timeoutMs);
    return new TwilioSmsAdapter(client, new AccountNumbers(client));
  }

  it.each([
    [21211, "The 'To' number +15558675310 is not a valid phone number."],
    [21610, 'Attempt to send to unsubscribed recipient'],
    [21614, "'To' number is not a valid mobile number"],
  ])('fails permanently under Twilio error %i', async (code, message) => {
    twilio.replyNext({ status: 400, body: twilioError(code, message, 400) });

    const outcome = await smsAdapter().send(smsJob, context);

    expect(outcome).toEqual({ status: 'failed', code: String(code), reason: message });
  });

  it('records a Twilio error the logs do not know as Unknown, keeping its code in the reason', async () => {
    const message = 'Permission to send an SMS has not been enabled for the region';
    twilio.replyNext({ status: 400, body: twilioError(21408, message, 400) });

    const outcome = await smsAdapter().send(smsJob, context);

    expect(outcome).toEqual({
      status: 'failed',
      code: 'Unknown',
      reason: `${message} (Twilio error 21408)`,
    });
  });

  it('fails permanently when Twilio refuses the credentials', async () => {
    const outcome = await smsAdapter({ authToken: 'wrong' }).send(smsJob, context);

    expect(outcome).toEqual({
      status: 'failed',
      code: 'Unknown',
      reason: 'Authenticate (Twilio error 20003)',
    });
  });

  it('describes a 4xx that is not Twilio JSON', async () => {
    twilio.replyNext({ status: 403, body: '<html>Forbidden</html>' });

    const outcome = await smsAdapter().send(smsJob, context);

    expect(outcome).toEqual({
      status: 'failed',
      code: 'Unknown',
      reason: 'Twilio answered HTTP 403: <html>Forbidden</html>',
    });
  });

  it('retries a 429 after the seconds of Retry-After', async () => {
    twilio.replyNext({
      status: 429,
      body: twilioError(20429, 'Too Many Requests', 429),
      headers: { 'Retry-After': '7' },
    });

    const outcome = await smsAdapter().send(smsJob, context);

    expect(outcome).toEqual({
      status: 'retry',
      reason: 'Twilio answered HTTP 429: Too Many Requests (Twilio error 20429)',
      retryAfterMs: 7000,
    });
  });

  it('retries a 429 after the HTTP date of Retry-After', async () => {
    const retryAt = new Date(Date.now() + 60_000);
    twilio.replyNext({ status: 429, body: '', headers: { 'Retry-After': retryAt.toUTCString() } });

    const outcome = await smsAdapter().send(smsJob, context);

    expect(outcome.status).toBe('retry');
    const retryAfterMs = outcome.status === 'retry' ? outcome.retryAfterMs : undefined;
    expect(retryAfterMs).toBeGreaterThan(50_000);
    expect(retryAfterMs).toBeLessThanOrEqual(60_000);
  });

  it('retries a 5xx', async () => {
    twilio.replyNext({ status: 500, body: twilioError(20500, 'Internal Server Error', 500) });

    const outcome = await smsAdapter().send(smsJob, context);

    expect(outcome).toEqual({
      status: 'retry',
      reason: 'Twilio answered HTTP 500: Internal Server Error (Twilio error 20500)',
    });
  });

  it('retries when Twilio does not answer in time', async () => {
    twilio.replyNext('hang');

    const outcome = await smsAdapter({}, 200).send(smsJob, context);

    expect(outcome).toEqual({ status: 'retry', reason: 'Twilio did not answer within 200 ms' });
  });

  it('retries when nothing listens at Twilio', async () => {
    const baseUrl = twilio.baseUrl;
    await twilio.close();

    const outcome = await smsAdapter({ baseUrl }).send(smsJob, context);

    expect(outcome).toMatchObject({
      status: 'retry',
      reason: expect.stringContaining('ECONNREFUSED'),
    });
  });

  it('does not retry a 201 without a sid, since Twilio may have sent the text', async () => {
    twilio.replyNext({ status: 201, body: '{"status":"queued"}' });

    const outcome = await smsAdapter().send(smsJob, context);

    expect(outcome).toMatchObject({ status: 'failed', code: 'Unknown' });
  });

  it('maps a call Twilio refuses like a text', async () => {
    const message = 'Twilio is unable to make a call to this number';
    twilio.replyNext({ status: 400, body: twilioError(13224, message, 400) });
    const adapter = new TwilioCallAdapter(new TwilioClient(config));

    const outcome = await adapter.send(callJob, context);

    expect(outcome).toEqual({ status: 'failed', code: '13224', reason: message });
  });

  it('retries a call Twilio cannot place right now', async () => {
    twilio.replyNext({ status: 503, body: 'Service Unavailable', headers: { 'Retry-After': '2' } });
    const adapter = new TwilioCallAdapter(new TwilioClient(config));

    const outcome = await adapter.send(callJob, context);

    expect(outcome).toEqual({
      status: 'retry',
      reason: 'Twilio answered HTTP 503: Service Unavailable',
      retryAfterMs: 2000,
    });
  });
});
