import { freePort } from '@clarion/testing';
import { FcmAdapter } from './fcm.adapter';
import { FcmPeer, rpcError, startFcmPeer } from './test-peers/fcm-peer';
import { GoogleOAuthPeer, startGoogleOAuthPeer } from './test-peers/google-oauth-peer';
import {
  attemptOf,
  mobilePushJobOf,
  pushTokenOf,
  serviceAccountOf,
} from './test-peers/mobile-push-fixtures';

describe(FcmAdapter.name, () => {
  const { credentials, publicKey } = serviceAccountOf();
  const token = pushTokenOf('FCM', 'fcm-registration-token-1');
  const attempt = attemptOf('trk-1:mobile_push:fcm-registration-token-1');
  let tokenEndpoint: GoogleOAuthPeer;
  let fcm: FcmPeer;
  let sut: FcmAdapter;

  beforeEach(async () => {
    tokenEndpoint = await startGoogleOAuthPeer({ clientEmail: credentials.clientEmail, publicKey });
    fcm = await startFcmPeer((accessToken) => tokenEndpoint.isGranted(accessToken));
    sut = new FcmAdapter({
      fcmBaseUrl: fcm.baseUrl,
      googleOAuthTokenUrl: tokenEndpoint.tokenUrl,
      requestTimeoutMs: 500,
    });
  });

  afterEach(async () => {
    expect(tokenEndpoint.refusals).toEqual([]);
    await Promise.all([fcm.close(), tokenEndpoint.close()]);
  });

  it('sends every field of the job as an FCM v1 message and reports it delivered', async () => {
    const job = mobilePushJobOf({
      push: { customData: { screen: 'orders', orderId: '42' } },
      fcm: {
        android: {
          collapseKey: 'orders',
          priority: 'high',
          ttl: 3600,
          restrictedPackageName: 'com.example.app',
        },
      },
      apn: {
        expiry: 600,
        priority: 5,
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
      providerMessageId: 'projects/clarion-test/messages/1',
      fields: { token: token.token },
      delivered: true,
      deliveredFields: { token: token.token },
    });
    expect(fcm.received).toHaveLength(1);
    const [request] = fcm.received;
    expect(request?.projectId).toBe('clarion-test');
    expect(tokenEndpoint.isGranted(request?.accessToken ?? '')).toBe(true);
    expect(request?.body).toEqual({
      message: {
        token: 'fcm-registration-token-1',
        notification: { title: 'Welcome', body: 'Your account is ready' },
        data: { screen: 'orders', orderId: '42' },
        android: {
          collapse_key: 'orders',
          priority: 'HIGH',
          ttl: '3600s',
          restricted_package_name: 'com.example.app',
        },
        apns: {
          headers: {
            'apns-push-type': 'alert',
            'apns-priority': '5',
            'apns-expiration': expect.any(String),
            'apns-collapse-id': 'orders',
          },
          payload: {
            aps: { badge: 3, sound: 'chime.caf', 'thread-id': 'order-42', 'content-available': 1 },
          },
        },
      },
    });
    const expiration = Number(
      (request?.body as { message: { apns: { headers: Record<string, string> } } }).message.apns
        .headers['apns-expiration'],
    );
    expect(expiration).toBeGreaterThanOrEqual(beforeS + 600);
    expect(expiration).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 600);
  });

  it('sends only the notification when the job has no options', async () => {
    const job = mobilePushJobOf({ fcm: { android: { priority: 'normal' } } });

    await sut.send(job, token, credentials, attempt);
    await sut.send(mobilePushJobOf(), token, credentials, attempt);

    expect(fcm.received.map((request) => request.body)).toEqual([
      {
        message: {
          token: token.token,
          notification: { title: 'Welcome', body: 'Your account is ready' },
          android: { priority: 'NORMAL' },
        },
      },
      {
        message: {
          token: token.token,
          notification: { title: 'Welcome', body: 'Your account is ready' },
        },
      },
    ]);
  });

  it('exchanges one access token for many sends, even concurrent ones', async () => {
    const job = mobilePushJobOf();
    const send = () => sut.send(job, token, credentials, attempt);

    await Promise.all([send(), send(), send()]);
    await send();

    expect(fcm.received).toHaveLength(4);
    expect(tokenEndpoint.exchanges).toBe(1);
  });

  it('gets a new access token and sends again when FCM answers 401', async () => {
    await sut.send(mobilePushJobOf(), token, credentials, attempt);
    tokenEndpoint.revokeAll();

    const outcome = await sut.send(mobilePushJobOf(), token, credentials, attempt);

    expect(outcome.status).toBe('sent');
    expect(fcm.unauthorized).toBe(1);
    expect(tokenEndpoint.exchanges).toBe(2);
  });

  it.each([
    [
      '404 UNREGISTERED',
      404,
      rpcError(404, 'NOT_FOUND', 'Requested entity was not found.', 'UNREGISTERED'),
    ],
    [
      '400 INVALID_ARGUMENT for the token',
      400,
      rpcError(
        400,
        'INVALID_ARGUMENT',
        'The registration token is not a valid FCM registration token',
        'INVALID_ARGUMENT',
        [
          {
            '@type': 'type.googleapis.com/google.rpc.BadRequest',
            fieldViolations: [
              { field: 'message.token', description: 'Invalid registration token' },
            ],
          },
        ],
      ),
    ],
  ])('reports the token gone on %s', async (_case, status, body) => {
    fcm.answerNextWith({ status, body });

    const outcome = await sut.send(mobilePushJobOf(), token, credentials, attempt);

    expect(outcome).toEqual({
      status: 'failed',
      code: 'INVALID_FCM_TOKEN',
      reason: expect.stringMatching(/^(UNREGISTERED|INVALID_ARGUMENT): /),
      addressGone: true,
    });
  });

  it.each([
    ['429 QUOTA_EXCEEDED', 429, 'RESOURCE_EXHAUSTED', 'QUOTA_EXCEEDED'],
    ['503 UNAVAILABLE', 503, 'UNAVAILABLE', 'UNAVAILABLE'],
    ['500 INTERNAL', 500, 'INTERNAL', 'INTERNAL'],
  ])(
    'retries on %s, after the Retry-After it gave',
    async (_case, status, rpcStatus, errorCode) => {
      fcm.answerNextWith({
        status,
        body: rpcError(status, rpcStatus, 'try later', errorCode),
        headers: { 'retry-after': '30' },
      });

      const outcome = await sut.send(mobilePushJobOf(), token, credentials, attempt);

      expect(outcome).toEqual({
        status: 'retry',
        reason: `${errorCode}: try later`,
        retryAfterMs: 30_000,
      });
    },
  );

  it('retries on a 502 whose body is not JSON', async () => {
    fcm.answerNextWith({ status: 502, body: '<html>Bad Gateway</html>' });

    expect(await sut.send(mobilePushJobOf(), token, credentials, attempt)).toEqual({
      status: 'retry',
      reason: 'HTTP 502',
    });
  });

  it.each([
    [
      '400 INVALID_ARGUMENT for another field',
      400,
      rpcError(400, 'INVALID_ARGUMENT', 'Invalid data key "from"', 'INVALID_ARGUMENT'),
    ],
    [
      '403 SENDER_ID_MISMATCH',
      403,
      rpcError(403, 'PERMISSION_DENIED', 'SenderId mismatch', 'SENDER_ID_MISMATCH'),
    ],
  ])('fails with FCM message on %s', async (_case, status, body) => {
    fcm.answerNextWith({ status, body });

    const outcome = await sut.send(mobilePushJobOf(), token, credentials, attempt);

    expect(outcome).toEqual({
      status: 'failed',
      code: 'UNKNOWN',
      reason: expect.stringMatching(
        /^(INVALID_ARGUMENT: Invalid data key|SENDER_ID_MISMATCH: SenderId mismatch)/,
      ),
    });
  });

  it('retries when FCM does not answer in time', async () => {
    fcm.answerNextWith({ hang: true });

    expect(await sut.send(mobilePushJobOf(), token, credentials, attempt)).toEqual({
      status: 'retry',
      reason: 'FCM request failed: timed out',
    });
  });

  it('retries when FCM is unreachable', async () => {
    const unreachable = new FcmAdapter({
      fcmBaseUrl: `http://127.0.0.1:${await freePort()}`,
      googleOAuthTokenUrl: tokenEndpoint.tokenUrl,
    });

    expect(await unreachable.send(mobilePushJobOf(), token, credentials, attempt)).toEqual({
      status: 'retry',
      reason: 'FCM request failed: ECONNREFUSED',
    });
  });

  it('retries when the token endpoint is unavailable and fails when it refuses the key', async () => {
    tokenEndpoint.answerNextWith(503, { error: 'backend_error' });
    const unavailable = await sut.send(mobilePushJobOf(), token, credentials, attempt);
    tokenEndpoint.answerNextWith(400, {
      error: 'invalid_grant',
      error_description: 'Invalid JWT Signature.',
    });
    const refused = await sut.send(mobilePushJobOf(), token, credentials, attempt);

    expect(unavailable).toMatchObject({ status: 'retry', reason: expect.stringContaining('503') });
    expect(refused).toEqual({
      status: 'failed',
      code: 'UNKNOWN',
      reason: 'Google OAuth token endpoint answered 400 (invalid_grant: Invalid JWT Signature.)',
    });
    expect(fcm.received).toHaveLength(0);
  });

  it('fails when the service account key does not parse', async () => {
    const broken = { ...credentials, privateKey: 'not a key' };

    expect(await sut.send(mobilePushJobOf(), token, broken, attempt)).toMatchObject({
      status: 'failed',
      code: 'UNKNOWN',
      reason: expect.stringContaining('FCM credentials unusable'),
    });
  });
});
