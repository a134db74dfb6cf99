import { createHmac } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { once } from 'node:events';
import { connect } from 'node:net';
import { ClientEnvironment, ErrorCode, newTimeOrderedId, Requests } from '@clarion/contracts';
import {
  createTestDatabase,
  createTestNamespace,
  dropTestNamespace,
  ServiceProcess,
  SeverableProxy,
  SseFrame,
  SseReader,
  startServiceProcess,
  TestDatabase,
} from '@clarion/testing';
import { GatewayUnderTest, startGateway } from '../test-peers/gateway-under-test';
import { ServiceStandIn, StandInReply } from '../test-peers/service-stand-in';
import { resolvingOnly, testPrincipal } from '../test-peers/test-principal';
import { signStreamToken } from './stream-token';

// Needs the build: notifications runs as its own process (node tools/build.mjs first).
const API_KEY = 'clarion_sk_streams';
const principal = { ...testPrincipal(), clientId: 'c-streams' };
const otherEnvironment = { accountId: newTimeOrderedId(), envId: newTimeOrderedId() };
const DEVELOPMENT_SECRET = 'clarion-development-stream-token-secret';
const BROKEN_CLIENT = 'c-broken';

function clientOf(clientId: string): ClientEnvironment | undefined {
  const scope =
    clientId === principal.clientId
      ? principal
      : clientId === 'c-other'
        ? otherEnvironment
        : undefined;
  return (
    scope && {
      ...scope,
      clientId,
      clientSecret: 'secret',
      secureMode: false,
      disableSending: [],
      accountStatus: 'verified',
      usageLimited: false,
    }
  );
}

const billing = resolvingOnly(API_KEY, principal);
function billingAnswer(subject: string, request: unknown): StandInReply {
  if (subject === Requests.resolveApiKey.subject) return billing(request);
  if (subject === Requests.resolveClient.subject) {
    // A reply the gateway cannot read: what a bug behind it looks like (an internal error).
    if ((request as { clientId: string }).clientId === BROKEN_CLIENT) return { data: null };
    const client = clientOf((request as { clientId: string }).clientId);
    return client
      ? { data: client }
      : { error: { code: ErrorCode.UNAUTHORIZED, message: 'unknown' } };
  }
  return { data: { envId: (request as { envId: string }).envId, disableSending: [] } };
}

const basic = (userId: string, clientId = principal.clientId) =>
  `Basic ${Buffer.from(`${clientId}:${userId}:`).toString('base64')}`;
const json = <T>(frame: SseFrame) => JSON.parse(frame.data) as T;
type Entry = { id: string; title: string; opened?: string; cursor: string };

describe('GET /user/inapp/stream across two gateway replicas', () => {
  const namespace = createTestNamespace();
  let database: TestDatabase;
  let notifications: ServiceProcess;
  let standIn: ServiceStandIn;
  let gatewayA: GatewayUnderTest;
  let gatewayB: GatewayUnderTest;
  let portA: number;
  let portB: number;
  const readers: SseReader[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    standIn = await ServiceStandIn.start(
      namespace,
      [
        Requests.resolveApiKey.subject,
        Requests.resolveClient.subject,
        Requests.environmentSettings.subject,
      ],
      billingAnswer,
    );
    notifications = await startServiceProcess('notifications', {
      namespace,
      databaseUrl: database.url,
    });
    gatewayA = await startGateway(namespace);
    gatewayB = await startGateway(namespace);
    [portA, portB] = await Promise.all([gatewayA.listen(), gatewayB.listen()]);
  }, 60_000);

  afterAll(async () => {
    readers.forEach((reader) => reader.close());
    // As a SIGTERM stops a gateway: streams drained, spare connections closed, then the rest.
    await Promise.all([gatewayA?.finishInFlightRequests(), gatewayB?.finishInFlightRequests()]);
    await Promise.all([gatewayA?.close(), gatewayB?.close()]);
    await notifications?.stop();
    await standIn?.stop();
    await Promise.all([database?.drop(), dropTestNamespace(namespace)]);
  });

  async function open(port: number, userId: string, headers: Record<string, string> = {}) {
    const reader = await SseReader.open(`http://127.0.0.1:${port}/user/inapp/stream`, {
      authorization: basic(userId),
      ...headers,
    });
    readers.push(reader);
    return reader;
  }

  async function openReady(port: number, userId: string, headers: Record<string, string> = {}) {
    const reader = await open(port, userId, headers);
    expect(reader.status).toBe(200);
    await reader.next((frame) => frame.event === 'ready');
    return reader;
  }

  async function send(userId: string, title: string): Promise<string> {
    const response = await fetch(`http://127.0.0.1:${portA}/send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        type: 'stream-test',
        to: { id: userId },
        forceChannels: ['INAPP_WEB'],
        inapp: { title },
      }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { trackingId: string }).trackingId;
  }

  const notificationOf = (reader: SseReader, id: string, from = 0) =>
    reader.next((frame) => frame.event === 'notification' && json<Entry>(frame).id === id, {
      from,
    });

  it('delivers an entry stored by a send accepted on gateway A to a stream on gateway B within 200 ms', async () => {
    const stream = await openReady(portB, 'ada');
    expect(stream.frames[0]).toMatchObject({ event: 'retry', data: '2000' });
    expect(json(stream.of('ready')[0]!)).toEqual({ unread: 0 });

    const accepted = Date.now();
    const trackingId = await send('ada', 'Hello Ada');
    const frame = await notificationOf(stream, trackingId);
    const entry = json<Entry>(frame);
    expect(entry).toMatchObject({ id: trackingId, title: 'Hello Ada', seen: false });
    expect(frame.id).toBe(entry.cursor);
    const storedAt = Number(BigInt(entry.cursor) / 1000n);
    const latency = frame.receivedAt - storedAt;
    console.log(
      `realtime latency: ${latency} ms from stored to received on the other replica ` +
        `(${frame.receivedAt - accepted} ms from POST /send)`,
    );
    expect(latency).toBeLessThan(200);
    const unread = await stream.next((f) => f.event === 'unread');
    expect(json(unread)).toEqual({ unread: 1 });
  });

  it('sends the changed entry and the unread count when its status changes on the other replica', async () => {
    const stream = await openReady(portB, 'ben');
    const trackingId = await send('ben', 'Status');
    await notificationOf(stream, trackingId);
    await stream.next((f) => f.event === 'unread' && json<{ unread: number }>(f).unread === 1);
    const from = stream.frames.length;

    const opened = new Date().toISOString();
    const patched = await fetch(`http://127.0.0.1:${portA}/user/inapp`, {
      method: 'PATCH',
      headers: { authorization: basic('ben'), 'content-type': 'application/json' },
      body: JSON.stringify({ trackingIds: [trackingId], opened }),
    });
    expect(patched.status).toBe(200);
    const changed = json<Entry>(await notificationOf(stream, trackingId, from));
    expect(changed).toMatchObject({ id: trackingId, opened, seen: true });
    const unread = await stream.next((f) => f.event === 'unread', { from });
    expect(json(unread)).toEqual({ unread: 0 });
  });

  it('resumes after Last-Event-ID with every entry missed while away, oldest first', async () => {
    const first = await openReady(portB, 'cleo');
    const seen = await send('cleo', 'Before');
    const lastId = (await notificationOf(first, seen)).id!;
    first.close();
    const missed = [await send('cleo', 'Missed 1'), await send('cleo', 'Missed 2')];
    // Stored (read through the other replica) before the client comes back.
    await waitForUnread('cleo', 3);

    const resumed = await openReady(portA, 'cleo', { 'last-event-id': lastId });
    const replayed = resumed.of('notification').map((frame) => json<Entry>(frame).id);
    // The replay starts 2 s before the cursor (a write may commit after a newer one): what the
    // client had comes again, the same, and is replaced; nothing missed is left out.
    expect(replayed.filter((id) => id !== seen)).toEqual(missed);
    expect(json(resumed.of('ready')[0]!)).toEqual({ unread: 3 });
    const readyIndex = resumed.frames.findIndex((frame) => frame.event === 'ready');
    expect(readyIndex).toBeGreaterThan(resumed.frames.findIndex((f) => f.event === 'notification'));
  });

  it('opens with a stream token, and refuses an expired one with 401 and the error object', async () => {
    const tokenResponse = await fetch(`http://127.0.0.1:${portA}/user/inapp/stream-token`, {
      method: 'POST',
      headers: { authorization: basic('dora') },
    });
    expect(tokenResponse.status).toBe(200);
    const { token, expiresAt } = (await tokenResponse.json()) as {
      token: string;
      expiresAt: string;
    };
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(50_000);
    const stream = await SseReader.open(
      `http://127.0.0.1:${portB}/user/inapp/stream?token=${encodeURIComponent(token)}`,
    );
    readers.push(stream);
    expect(stream.status).toBe(200);
    await stream.next((frame) => frame.event === 'ready');
    const trackingId = await send('dora', 'By token');
    await notificationOf(stream, trackingId);

    const user = { accountId: principal.accountId, envId: principal.envId, userId: 'dora' };
    const expired = signStreamToken(user, DEVELOPMENT_SECRET, Date.now() - 61_000).token;
    const refused = await SseReader.open(
      `http://127.0.0.1:${portB}/user/inapp/stream?token=${encodeURIComponent(expired)}`,
    );
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.body)).toEqual({
      trackingId: expect.any(String),
      error: {
        code: 'UNAUTHORIZED',
        message: 'The stream token has expired',
        fix: expect.any(String),
      },
    });
    const forged = await SseReader.open(
      `http://127.0.0.1:${portB}/user/inapp/stream?token=${encodeURIComponent(signStreamToken(user, 'another-secret-of-16').token)}`,
    );
    expect(forged.status).toBe(401);
  });

  it('refuses a signed token whose claims are malformed with 401 and the error object', async () => {
    const tokenOf = (claims: string) => {
      const body = Buffer.from(claims).toString('base64url');
      return `${body}.${createHmac('sha256', DEVELOPMENT_SECRET).update(body).digest('base64url')}`;
    };
    const claims = { a: principal.accountId, e: principal.envId, u: 'dora' };
    for (const token of [
      tokenOf('not json'),
      tokenOf(JSON.stringify({ ...claims, x: String(Date.now() + 30_000) })),
      tokenOf(JSON.stringify({ ...claims, u: undefined, x: Date.now() + 30_000 })),
    ]) {
      const refused = await SseReader.open(
        `http://127.0.0.1:${portB}/user/inapp/stream?token=${encodeURIComponent(token)}`,
      );
      readers.push(refused);
      expect(refused.status).toBe(401);
      expect(JSON.parse(refused.body)).toEqual({
        trackingId: expect.any(String),
        error: {
          code: 'UNAUTHORIZED',
          message: 'The stream token is not valid',
          fix: expect.any(String),
        },
      });
    }
  });

  it('logs an internal error with the path of its request, never the query string and its token', async () => {
    const { token } = signStreamToken(
      { accountId: principal.accountId, envId: principal.envId, userId: 'una' },
      DEVELOPMENT_SECRET,
    );
    const logged = jest.spyOn(Logger.prototype, 'error');
    try {
      const failed = await fetch(
        `http://127.0.0.1:${portB}/user/inapp/unread?token=${encodeURIComponent(token)}`,
        { headers: { authorization: basic('una', BROKEN_CLIENT) } },
      );
      expect(failed.status).toBe(500);
      const lines = logged.mock.calls
        .flat()
        .map((arg) => (arg instanceof Error ? arg.stack : String(arg)));
      expect(lines.join('\n')).toContain('GET /user/inapp/unread');
      expect(lines.join('\n')).not.toMatch(/\?|token=/);
      expect(lines.join('\n')).not.toContain(token.slice(0, 20));
    } finally {
      logged.mockRestore();
    }
  });

  it("never shows a user's entries on another user's or another environment's stream", async () => {
    const eve = await openReady(portB, 'eve');
    const otherUser = await openReady(portB, 'fay');
    const sameIdElsewhere = await openReady(portB, 'eve', {
      authorization: basic('eve', 'c-other'),
    });
    const forEve = await send('eve', 'Only for eve');
    await notificationOf(eve, forEve);
    const forFay = await send('fay', 'For fay');
    // Broadcasts arrive in order: once fay's own entry is there, eve's would have been before it.
    await notificationOf(otherUser, forFay);
    expect(otherUser.of('notification').map((f) => json<Entry>(f).id)).toEqual([forFay]);
    expect(sameIdElsewhere.of('notification')).toEqual([]);
  });

  it('keeps at most 5 streams per user on a replica: a 6th closes the oldest with reconnect', async () => {
    const streams = [];
    for (let i = 0; i < 5; i++) streams.push(await openReady(portB, 'gus'));
    const sixth = await openReady(portB, 'gus');
    await streams[0]!.next((frame) => frame.event === 'reconnect');
    await streams[0]!.end();
    expect(streams.slice(1).every((stream) => !stream.isEnded)).toBe(true);
    const trackingId = await send('gus', 'Still live');
    await notificationOf(sixth, trackingId);
  });

  it('refuses streams beyond STREAMS_MAX with 503, and drains its streams on shutdown without waiting for spare connections', async () => {
    const small = await startGateway(namespace, { STREAMS_MAX: '1' });
    const port = await small.listen();
    try {
      const stream = await openReady(port, 'hal');
      const refused = await open(port, 'ivy');
      expect(refused.status).toBe(503);
      expect(JSON.parse(refused.body)).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });

      // A connection opened and never used, as fetch and browsers keep spare ones.
      const spare = connect(port, '127.0.0.1');
      await once(spare, 'connect');
      const spareClosed = once(spare, 'close');

      const started = Date.now();
      await small.finishInFlightRequests(10_000);
      expect(Date.now() - started).toBeLessThan(5_000);
      await stream.end();
      expect(stream.of('reconnect')).toHaveLength(1);
      await spareClosed;
    } finally {
      await small.close();
    }
  });

  describe('shares of STREAMS_MAX', () => {
    let shared: GatewayUnderTest;
    let port: number;
    const from =
      (address: string, clientId = principal.clientId) =>
      (userId: string) =>
        open(port, userId, {
          authorization: basic(userId, clientId),
          'x-forwarded-for': address,
        });

    beforeAll(async () => {
      shared = await startGateway(namespace, {
        STREAMS_MAX: '20',
        STREAMS_PER_ENVIRONMENT: '4',
        STREAMS_PER_ADDRESS: '2',
        TRUST_PROXY: 'true',
      });
      port = await shared.listen();
    });

    afterAll(async () => {
      await shared?.finishInFlightRequests();
      await shared?.close();
    });

    function expectShareFull(refused: SseReader, message: string): void {
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(JSON.parse(refused.body)).toEqual({
        trackingId: expect.any(String),
        error: { code: 'RATE_LIMITED', message, fix: expect.any(String) },
      });
    }

    it("refuses an environment's streams beyond its share with 429, while another environment still opens", async () => {
      for (const [i, userId] of ['kim', 'lou', 'max', 'nia'].entries()) {
        const stream = await from(`192.0.2.${i + 1}`)(userId);
        expect(stream.status).toBe(200);
        await stream.next((frame) => frame.event === 'ready');
      }
      expectShareFull(
        await from('192.0.2.5')('ned'),
        'This environment holds as many in-app streams on this gateway as it may',
      );
      const otherTenant = await from('192.0.2.5', 'c-other')('ned');
      expect(otherTenant.status).toBe(200);
      await otherTenant.next((frame) => frame.event === 'ready');
    });

    it("refuses an address's streams beyond its share with 429, while another address still opens", async () => {
      // c-other holds one stream (above) and stays under its share of 4 throughout.
      const fromAddress = from('198.51.100.7', 'c-other');
      for (const userId of ['ola', 'pia']) {
        const stream = await fromAddress(userId);
        expect(stream.status).toBe(200);
        await stream.next((frame) => frame.event === 'ready');
      }
      expectShareFull(
        await fromAddress('quin'),
        'This address holds as many in-app streams on this gateway as it may',
      );
      const elsewhere = await from('198.51.100.8', 'c-other')('quin');
      expect(elsewhere.status).toBe(200);
      await elsewhere.next((frame) => frame.event === 'ready');
    });
  });

  it('asks its streams to reconnect when the gateway loses its NATS connection', async () => {
    const natsUrl = new URL(process.env['NATS_URL'] ?? 'nats://127.0.0.1:4222');
    const link = new SeverableProxy(natsUrl.hostname, Number(natsUrl.port || 4222));
    await link.start();
    const cut = await startGateway(namespace, { NATS_URL: link.rewrite(natsUrl.toString()) });
    const port = await cut.listen();
    try {
      const stream = await openReady(port, 'jon');
      link.sever();
      // Broadcasts sent meanwhile are lost to this replica: the client resumes and replays them.
      await stream.next((frame) => frame.event === 'reconnect');
      await stream.end();
    } finally {
      link.restore();
      await cut.close();
      await link.stop();
    }
  });

  async function waitForUnread(userId: string, count: number): Promise<void> {
    for (let attempt = 0; attempt < 200; attempt++) {
      const response = await fetch(`http://127.0.0.1:${portA}/user/inapp/unread`, {
        headers: { authorization: basic(userId) },
      });
      if (((await response.json()) as { count: number }).count === count) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`${userId} never had ${count} unread`);
  }
});
