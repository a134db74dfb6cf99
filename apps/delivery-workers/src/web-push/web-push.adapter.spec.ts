import { OutboundGuard, OutboundUrlRefusedError } from '@clarion/outbound';
import { freePort, LoopbackListener, loopbackTls } from '@clarion/testing';
import type { WebPushDeliveryJob, WebPushTokenDto } from '@clarion/contracts';
import { Channel } from '@clarion/contracts';
import {
  createECDH,
  createPublicKey,
  randomBytes,
  randomUUID,
  verify,
  type ECDH,
} from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';
import type { AttemptContext, ProviderOutcome } from '../delivery/provider-outcome';
import { generateVapidKeys } from './vapid-keys';
import { WebPushAdapter } from './web-push.adapter';
import { webPushTopicOf } from './web-push-message';

interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}
interface PushAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

const SUBJECT = 'mailto:ops@clarion.test';
const ctx: AttemptContext = { idempotencyKey: 'trk-1:web_push:endpoint-1', attempt: 1 };

describe(WebPushAdapter.name, () => {
  const keys = generateVapidKeys();
  const received: ReceivedPush[] = [];
  let answer: PushAnswer = { status: 201 };
  let server: Server;
  let origin: string;
  let sut: WebPushAdapter;

  beforeAll(async () => {
    server = createServer(loopbackTls(), (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(answer.status, answer.headers).end(answer.body ?? '');
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    origin = `https://localhost:${(server.address() as AddressInfo).port}`;
    sut = new WebPushAdapter(fetch, SUBJECT);
  });
  afterAll(() => server.close());
  beforeEach(() => {
    received.length = 0;
    answer = { status: 201 };
  });

  it('encrypts the content for the browser and signs the request with VAPID', async () => {
    const browser = browserSubscription(`${origin}/push/${randomUUID()}`);
    const job = webPushJob({
      title: 'Hi',
      message: 'A new comment',
      icon: 'https://x.test/i.png',
      url: 'https://x.test/c/1',
    });

    const outcome = await sut.send(job, browser.token, keys, ctx);

    const endpoint = browser.token.sub.endpoint;
    expect(outcome).toEqual({
      status: 'sent',
      delivered: true,
      fields: { token: endpoint },
      deliveredFields: { token: endpoint },
    });
    const push = received[0]!;
    expect(push.path).toBe(new URL(endpoint).pathname);
    expectValidVapid(push.headers.authorization, origin, keys.publicKey);
    expect(push.headers).toMatchObject({
      ttl: String(28 * 24 * 60 * 60),
      topic: webPushTopicOf(ctx.idempotencyKey),
      urgency: 'normal',
      'content-encoding': 'aes128gcm',
    });
    const plaintext = decrypt(push.body, {
      version: 'aes128gcm',
      privateKey: browser.ecdh,
      authSecret: browser.token.sub.keys.auth,
    });
    expect(JSON.parse(plaintext.toString('utf8'))).toEqual({
      ...job.content,
      trackingId: job.trackingId,
    });
  });

  it.each<[string, PushAnswer, ProviderOutcome]>([
    [
      'a 410 as a gone subscription',
      { status: 410, body: 'push subscription has unsubscribed or expired.' },
      {
        status: 'failed',
        code: 'UNSUBSCIRBED_OR_EXPIRED',
        reason: 'push subscription has unsubscribed or expired.',
        addressGone: true,
      },
    ],
    [
      'a 429 as a retry after its Retry-After',
      { status: 429, headers: { 'Retry-After': '30' }, body: 'slow down' },
      { status: 'retry', reason: 'slow down', retryAfterMs: 30_000 },
    ],
    [
      'a 5xx as a retry',
      { status: 500 },
      { status: 'retry', reason: 'HTTP 500 Internal Server Error' },
    ],
    [
      'another 4xx as a failure with the push service text',
      { status: 413, body: 'payload too large' },
      { status: 'failed', code: 'UNKNOWN', reason: 'payload too large' },
    ],
  ])('reports %s', async (_, pushServiceAnswer, outcome) => {
    answer = pushServiceAnswer;
    const token = browserSubscription(`${origin}/push/${randomUUID()}`).token;
    expect(await sut.send(webPushJob(), token, keys, ctx)).toEqual(outcome);
  });

  it('reports a 404 as a gone subscription too', async () => {
    answer = { status: 404 };
    const token = browserSubscription(`${origin}/push/${randomUUID()}`).token;
    expect(await sut.send(webPushJob(), token, keys, ctx)).toMatchObject({
      code: 'UNSUBSCIRBED_OR_EXPIRED',
      addressGone: true,
    });
  });

  it('retries when the push service cannot be reached or does not answer in time', async () => {
    const closedPort = await freePort();
    const refused = new WebPushAdapter(
      () => fetch(`https://127.0.0.1:${closedPort}/push/x`),
      SUBJECT,
    );
    const timedOut = new WebPushAdapter(
      () =>
        Promise.reject(
          new DOMException('The operation was aborted due to timeout', 'TimeoutError'),
        ),
      SUBJECT,
    );
    const token = browserSubscription(`${origin}/push/x`).token;

    expect(await refused.send(webPushJob(), token, keys, ctx)).toMatchObject({
      status: 'retry',
      reason: expect.stringContaining('ECONNREFUSED'),
    });
    expect(await timedOut.send(webPushJob(), token, keys, ctx)).toMatchObject({
      status: 'retry',
      reason: expect.stringContaining('timeout'),
    });
  });

  it('fails without retrying when the outbound policy refuses the endpoint', async () => {
    const refusing = new WebPushAdapter(
      (url) => Promise.reject(new OutboundUrlRefusedError(url, '10.0.0.5 is a private address')),
      SUBJECT,
    );
    const token = browserSubscription('https://push.internal.test/push/x').token;
    expect(await refusing.send(webPushJob(), token, keys, ctx)).toMatchObject({
      status: 'failed',
      code: 'UNKNOWN',
      reason: expect.stringContaining('private address'),
    });
  });

  it('never connects to an endpoint the active guard refuses, however it is spelled', async () => {
    const guard = OutboundGuard.fromAllowList('');
    const pushService = await LoopbackListener.start();
    const guarded = new WebPushAdapter(guard.fetch, SUBJECT);
    try {
      for (const host of ['0x7f000001', '[::ffff:7f00:1]', '[::1]', '127.1', 'LOCALHOST.']) {
        const endpoint = `http://${host}:${pushService.port}/push/x`;
        const { token } = browserSubscription(endpoint);
        expect(await guarded.send(webPushJob(), token, keys, ctx)).toMatchObject({
          status: 'failed',
          code: 'UNKNOWN',
          reason: expect.stringMatching(/^Refused to call .*loopback/),
        });
      }
      expect(pushService.connections).toBe(0);
    } finally {
      await Promise.all([guard.close(), pushService.stop()]);
    }
  });

  it('fails without a request when the subscription keys are not a P-256 public key', async () => {
    const token = browserSubscription(`${origin}/push/bad`).token;
    token.sub.keys.p256dh = Buffer.from('not a key').toString('base64url');
    const outcome = await sut.send(webPushJob(), token, keys, ctx);
    expect(outcome).toMatchObject({ status: 'failed', code: 'UNKNOWN' });
    expect(received).toHaveLength(0);
  });
});

/** What a browser's PushManager.subscribe() hands the page: endpoint, p256dh and auth. */
function browserSubscription(endpoint: string): { ecdh: ECDH; token: WebPushTokenDto } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
  return { ecdh, token: { sub: { endpoint, keys } } };
}

function webPushJob(
  content: WebPushDeliveryJob['content'] = { title: 'T', message: 'M' },
): WebPushDeliveryJob {
  return {
    trackingId: randomUUID(),
    accountId: 'acc-1',
    envId: 'env-1',
    channel: Channel.WEB_PUSH,
    notificationId: 'new_comment',
    recipient: { id: 'user-1' },
    content,
    receivedAt: new Date().toISOString(),
  };
}

/** RFC 8292: `vapid t=<ES256 JWT>, k=<public key>` with the push service's origin as audience. */
function expectValidVapid(
  authorization: string | undefined,
  audience: string,
  publicKey: string,
): void {
  const match = /^vapid t=([^,]+), k=(\S+)$/.exec(authorization ?? '');
  expect(match).not.toBeNull();
  const [, jwt, k] = match!;
  expect(k).toBe(publicKey);
  const [header, claims, signature] = jwt!.split('.') as [string, string, string];
  expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({
    typ: 'JWT',
    alg: 'ES256',
  });
  const point = Buffer.from(k!, 'base64url');
  const key = createPublicKey({
    format: 'jwk',
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
  });
  const signed = Buffer.from(`${header}.${claims}`);
  expect(
    verify(
      'sha256',
      signed,
      { key, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    ),
  ).toBe(true);
  const { aud, exp, sub } = JSON.parse(Buffer.from(claims, 'base64url').toString()) as Record<
    string,
    unknown
  >;
  expect(aud).toBe(audience);
  expect(sub).toBe(SUBJECT);
  expect(exp).toBeGreaterThan(Date.now() / 1000);
}
