import { freePort, loopbackTls } from '@clarion/testing';
import { apnsIdOf } from './apns-id';
import { ApnsAdapter } from './apns.adapter';
import { ApnsPeer, startApnsPeer } from './test-peers/apns-peer';
import {
  apnsKeyOf,
  attemptOf,
  mobilePushJobOf,
  pushTokenOf,
} from './test-peers/mobile-push-fixtures';

describe(ApnsAdapter.name, () => {
  const { credentials, publicKey } = apnsKeyOf();
  const deviceToken = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90';
  const token = pushTokenOf('APN', deviceToken, 'production');
  const idempotencyKey = `trk-1:mobile_push:${deviceToken}`;
  const attempt = attemptOf(idempotencyKey);
  let apns: ApnsPeer;
  let sut: ApnsAdapter;

  beforeEach(async () => {
    apns = await startApnsPeer(loopbackTls(), { ...credentials, publicKey });
    sut = new ApnsAdapter({
      fcmBaseUrl: 'http://unused.invalid',
      googleOAuthTokenUrl: 'http://unused.invalid',
      apnsHost: apns.origin,
      requestTimeoutMs: 500,
    });
  });

  afterEach(async () => {
    await sut.close();
    await apns.close();
  });

  it('posts an alert with every header and payload field and reports it delivered', async () => {
    const job = mobilePushJobOf({
      push: { customData: { screen: 'orders', orderId: '42' } },
      apn: {
        expiry: 600,
        priority: 10,
        collapseId: 'orders',
        threadId: 'order-42',
        badge: 3,
        sound: 'chime.caf',
        contentAvailable: true,
      },
    });
    const beforeS = Math.floor(Date.now() / 1000);

    const outcome = await sut.send(job, token, credentials, attempt);

    expect(outcome).toEqual({
      status: 'sent',
      providerMessageId: apnsIdOf(idempotencyKey),
      fields: { token: deviceToken },
      delivered: true,
      deliveredFields: { token: deviceToken },
    });
    expect(apns.refusals).toEqual([]);
    const [request] = apns.received;
    expect(request?.headers).toMatchObject({
      ':method': 'POST',
      ':path': `/3/device/${deviceToken}`,
      'apns-topic': 'com.example.app',
      'apns-push-type': 'alert',
      'apns-priority': '10',
      'apns-collapse-id': 'orders',
      'apns-id': apnsIdOf(idempotencyKey),
    });
    const expiration = Number(request?.headers['apns-expiration']);
    expect(expiration).toBeGreaterThanOrEqual(beforeS + 600);
    expect(expiration).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 600);
    expect(request?.payload).toEqual({
      screen: 'orders',
      orderId: '42',
      aps: {
        alert: { title: 'Welcome', body: 'Your account is ready' },
        badge: 3,
        sound: 'chime.caf',
        'thread-id': 'order-42',
        'content-available': 1,
      },
    });
  });

  it('sends an alert at priority 10 without expiration or collapse id by default', async () => {
    await sut.send(mobilePushJobOf(), token, credentials, attempt);

    const [request] = apns.received;
    expect(request?.headers['apns-push-type']).toBe('alert');
    expect(request?.headers['apns-priority']).toBe('10');
    expect(request?.headers).not.toHaveProperty('apns-expiration');
    expect(request?.headers).not.toHaveProperty('apns-collapse-id');
    expect(request?.payload).toEqual({
      aps: { alert: { title: 'Welcome', body: 'Your account is ready' } },
    });
  });

  it('sends a silent update as a background push at priority 5', async () => {
    const job = { ...mobilePushJobOf({ apn: { contentAvailable: true, priority: 10 } }) };
    job.content = { title: '', message: '' };

    await sut.send(job, token, credentials, attempt);

    expect(apns.refusals).toEqual([]);
    const [request] = apns.received;
    expect(request?.headers['apns-push-type']).toBe('background');
    expect(request?.headers['apns-priority']).toBe('5');
    expect(request?.payload).toEqual({ aps: { 'content-available': 1 } });
  });

  it('gives every attempt of a message the same apns-id', async () => {
    await sut.send(mobilePushJobOf(), token, credentials, attemptOf(idempotencyKey, 1));
    await sut.send(mobilePushJobOf(), token, credentials, attemptOf(idempotencyKey, 2));
    await sut.send(mobilePushJobOf(), token, credentials, attemptOf('trk-2:mobile_push:x', 1));

    const ids = apns.received.map((request) => request.headers['apns-id']);
    expect(ids[0]).toBe(ids[1]);
    expect(ids[2]).not.toBe(ids[0]);
  });

  it('reuses one HTTP/2 session and one provider token across sends', async () => {
    const send = () => sut.send(mobilePushJobOf(), token, credentials, attempt);

    await send();
    await Promise.all([send(), send(), send()]);
    await send();

    expect(apns.received).toHaveLength(5);
    expect(apns.sessionsOpened).toBe(1);
    expect(new Set(apns.received.map((request) => request.providerToken)).size).toBe(1);
  });

  it('opens a new session after the server sends GOAWAY', async () => {
    await sut.send(mobilePushJobOf(), token, credentials, attempt);
    await apns.closeSessions();

    const outcome = await sut.send(mobilePushJobOf(), token, credentials, attempt);

    expect(outcome.status).toBe('sent');
    expect(apns.sessionsOpened).toBe(2);
  });

  it('sends again on a new session when a closing session refuses the stream', async () => {
    await sut.send(mobilePushJobOf(), token, credentials, attempt);
    const goingAway = apns.closeSessions(); // GOAWAY crosses the next request on the wire

    const outcome = await sut.send(mobilePushJobOf(), token, credentials, attempt);
    await goingAway;

    expect(outcome.status).toBe('sent');
    expect(apns.received).toHaveLength(2);
    expect(apns.sessionsOpened).toBe(2);
  });

  it.each([
    [400, 'BadDeviceToken'],
    [400, 'DeviceTokenNotForTopic'],
    [400, 'Unregistered'],
    [410, 'Unregistered'],
    [410, 'ExpiredToken'],
  ])('reports the token gone on %i %s', async (status, reason) => {
    apns.answerNextWith({ status, reason });

    expect(await sut.send(mobilePushJobOf(), token, credentials, attempt)).toEqual({
      status: 'failed',
      code: 'INVALID_APN_TOKEN',
      reason,
      addressGone: true,
    });
  });

  it.each([
    [429, 'TooManyRequests'],
    [500, 'InternalServerError'],
    [503, 'ServiceUnavailable'],
  ])('retries on %i %s', async (status, reason) => {
    apns.answerNextWith({ status, reason });

    expect(await sut.send(mobilePushJobOf(), token, credentials, attempt)).toEqual({
      status: 'retry',
      reason,
    });
  });

  it.each([
    [400, 'BadTopic'],
    [413, 'PayloadTooLarge'],
    [403, 'BadCertificateEnvironment'],
  ])('fails with the reason on %i %s', async (status, reason) => {
    apns.answerNextWith({ status, reason });

    expect(await sut.send(mobilePushJobOf(), token, credentials, attempt)).toEqual({
      status: 'failed',
      code: 'UNKNOWN',
      reason,
    });
  });

  it('signs a fresh provider token and sends again on 403 ExpiredProviderToken', async () => {
    await sut.send(mobilePushJobOf(), token, credentials, attempt);
    apns.expireProviderTokensSeen();

    const outcome = await sut.send(mobilePushJobOf(), token, credentials, attempt);

    expect(outcome.status).toBe('sent');
    const [first, second] = apns.received;
    expect(second?.providerToken).not.toBe(first?.providerToken);
    expect(apns.refusals).toEqual([]);
  });

  it('fails when even a fresh provider token is invalid (a key APNs does not know)', async () => {
    const unknownKey = { ...credentials, privateKey: apnsKeyOf().credentials.privateKey };

    const outcome = await sut.send(mobilePushJobOf(), token, unknownKey, attempt);

    expect(outcome).toEqual({ status: 'failed', code: 'UNKNOWN', reason: 'InvalidProviderToken' });
    expect(apns.refusals).toEqual([
      'provider token: signature does not verify',
      'provider token: signature does not verify',
    ]);
  });

  it('fails when the .p8 key does not parse', async () => {
    const broken = { ...credentials, privateKey: 'not a key' };

    expect(await sut.send(mobilePushJobOf(), token, broken, attempt)).toMatchObject({
      status: 'failed',
      code: 'UNKNOWN',
      reason: expect.stringContaining('APNs key unusable'),
    });
  });

  it('retries when APNs does not answer in time, and keeps sending afterwards', async () => {
    apns.answerNextWith({ hang: true });

    const timedOut = await sut.send(mobilePushJobOf(), token, credentials, attempt);
    const next = await sut.send(mobilePushJobOf(), token, credentials, attempt);

    expect(timedOut).toEqual({
      status: 'retry',
      reason: 'APNs request timed out: no answer within 500 ms',
    });
    expect(next.status).toBe('sent');
  });

  it('retries when APNs is unreachable', async () => {
    const unreachable = new ApnsAdapter({
      fcmBaseUrl: 'http://unused.invalid',
      googleOAuthTokenUrl: 'http://unused.invalid',
      apnsHost: `https://127.0.0.1:${await freePort()}`,
    });

    const outcome = await unreachable.send(mobilePushJobOf(), token, credentials, attempt);
    await unreachable.close();

    expect(outcome).toMatchObject({
      status: 'retry',
      reason: expect.stringContaining('ECONNREFUSED'),
    });
  });
});
