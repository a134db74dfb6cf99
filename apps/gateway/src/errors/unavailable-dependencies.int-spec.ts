import { ErrorCode, Requests, StreamName } from '@clarion/contracts';
import {
  createTestNamespace,
  dropTestNamespace,
  eventually,
  SeverableProxy,
} from '@clarion/testing';
import { LightMyRequestResponse } from 'fastify';
import { connect, DiscardPolicy } from 'nats';
import { ServiceStandIn, StandInReply } from '../test-peers/service-stand-in';
import { GatewayUnderTest, startGateway } from '../test-peers/gateway-under-test';
import { testPrincipal } from '../test-peers/test-principal';

const principal = testPrincipal();
/** What billing answers once the messaging library finds its database unreachable. */
const databaseUnreachable = {
  code: ErrorCode.SERVICE_UNAVAILABLE,
  message: 'billing cannot reach a dependency it needs right now',
  fix: 'Retry shortly (see Retry-After); nothing was changed.',
};
const inappSend = {
  type: 't',
  to: { id: 'u1' },
  forceChannels: ['INAPP_WEB'],
  inapp: { title: 'Hi' },
};

/** Notifications' plan of the type of inappSend; a type it cannot make exist is refused. */
const UNREACHABLE_TYPE = 'unreachable_type';
let notificationsAway = false;
const notificationsSays = (_: string, request: unknown): StandInReply =>
  notificationsAway || (request as { notificationId: string }).notificationId === UNREACHABLE_TYPE
    ? { error: { ...databaseUnreachable, message: 'notifications cannot reach its database' } }
    : { data: { channels: ['INAPP_WEB'], templates: [], subNotificationIds: [] } };

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

/** A "not now" answer: the status, a short Retry-After and the spec's error object. */
function expectRetryLater(response: LightMyRequestResponse, status: 503 | 504): void {
  expect(response.statusCode).toBe(status);
  expect(response.headers['retry-after']).toMatch(/^[1-5]$/);
  expect(response.json()).toEqual({
    trackingId: expect.any(String),
    error: {
      code: status === 503 ? ErrorCode.SERVICE_UNAVAILABLE : ErrorCode.SERVICE_TIMEOUT,
      message: expect.any(String),
      fix: expect.any(String),
    },
  });
}

describe('the gateway when a service behind it is unavailable', () => {
  const namespace = createTestNamespace();
  let gateway: GatewayUnderTest;
  let billing: ServiceStandIn;
  let notifications: ServiceStandIn;
  let billingSays: StandInReply = { data: principal };

  beforeAll(async () => {
    // Only keys are resolved; every other billing request finds no responder.
    billing = await ServiceStandIn.start(namespace, [Requests.resolveApiKey.subject], () => {
      return billingSays;
    });
    notifications = await ServiceStandIn.start(
      namespace,
      [Requests.ensureSendPlan.subject],
      notificationsSays,
    );
    gateway = await startGateway(namespace, { REQUEST_TIMEOUT_MS: '300' });
  });

  afterAll(async () => {
    await gateway.close();
    await Promise.all([billing.stop(), notifications.stop()]);
    await dropTestNamespace(namespace);
  });

  const listEnvironments = (key: string) =>
    gateway.inject({ method: 'GET', url: '/environments', headers: bearer(key) });

  it('answers 503 with Retry-After when billing cannot reach its database', async () => {
    billingSays = { error: databaseUnreachable };
    expectRetryLater(await listEnvironments('clarion_sk_database_down'), 503);
  });

  it('answers with the Retry-After a service gives, and keeps it out of the error object', async () => {
    billingSays = { error: { ...databaseUnreachable, retryAfterSeconds: 4 } };
    const response = await listEnvironments('clarion_sk_database_down_for_a_while');
    expectRetryLater(response, 503);
    expect(response.headers['retry-after']).toBe('4');
  });

  it('answers 503 with Retry-After when no service answers the request', async () => {
    billingSays = { data: principal };
    expectRetryLater(await listEnvironments('clarion_sk_no_responder'), 503);
  });

  it('answers 504 with Retry-After when billing does not answer in time', async () => {
    billingSays = 'silence';
    expectRetryLater(await listEnvironments('clarion_sk_too_slow'), 504);
  });

  it('answers 503 and stores nothing when notifications cannot make the type of a send exist', async () => {
    billingSays = { data: principal };
    const nats = await connect({ servers: process.env['NATS_URL'] });
    const sends = () =>
      nats
        .jetstreamManager()
        .then((manager) => manager.streams.info(`${namespace}_${StreamName.SENDS}`))
        .then((info) => info.state.messages);
    const storedBefore = await sends();
    const response = await gateway.inject({
      method: 'POST',
      url: '/send',
      headers: bearer('clarion_sk_sender'),
      payload: { ...inappSend, type: UNREACHABLE_TYPE },
    });
    expectRetryLater(response, 503);
    expect(await sends()).toBe(storedBefore);
    await nats.close();
  });

  it('keeps accepting sends of a type it knows while notifications is away, its plan old or not', async () => {
    billingSays = { data: principal };
    const send = (type: string) =>
      gateway.inject({
        method: 'POST',
        url: '/send',
        headers: bearer('clarion_sk_sender'),
        payload: { ...inappSend, type },
      });
    expect((await send('known_type')).statusCode).toBe(200);
    notificationsAway = true;
    const now = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(now + 6 * 60_000);
    try {
      expect((await send('known_type')).statusCode).toBe(200);
      expectRetryLater(await send('new_type'), 503);
    } finally {
      clock.mockRestore();
      notificationsAway = false;
    }
  });

  it('stops asking a service that keeps not answering, answers 503 at once, and asks again once it answers', async () => {
    const sendAs = (key: string) =>
      gateway.inject({ method: 'POST', url: '/send', headers: bearer(key), payload: inappSend });
    billingSays = { data: principal };
    expect((await sendAs('clarion_sk_circuit_0')).statusCode).toBe(200);
    billingSays = 'silence';
    for (let i = 1; i <= 5; i++) expectRetryLater(await sendAs(`clarion_sk_circuit_${i}`), 504);

    // Open: refused without asking billing, so without waiting for its deadline.
    const askedWhenOpened = billing.asked(Requests.resolveApiKey);
    expectRetryLater(await sendAs('clarion_sk_circuit_open'), 503);
    expect(billing.asked(Requests.resolveApiKey)).toBe(askedWhenOpened);

    billingSays = { data: principal };
    let attempt = 0;
    await eventually(
      async () =>
        (await sendAs(`clarion_sk_circuit_trial_${attempt++}`)).statusCode === 200 || undefined,
      { intervalMs: 100 },
    );
    // One trial reached billing, and its answer closed the circuit.
    expect(billing.asked(Requests.resolveApiKey)).toBe(askedWhenOpened + 1);
    expect((await sendAs('clarion_sk_circuit_closed')).statusCode).toBe(200);
    expect(billing.asked(Requests.resolveApiKey)).toBe(askedWhenOpened + 2);
  }, 30_000);

  it('answers 503 with Retry-After when JetStream cannot store a send', async () => {
    billingSays = { data: principal };
    const nats = await connect({ servers: process.env['NATS_URL'] });
    const manager = await nats.jetstreamManager();
    await manager.streams.update(`${namespace}_${StreamName.SENDS}`, {
      max_bytes: 1,
      discard: DiscardPolicy.New,
    });
    await nats.close();
    const response = await gateway.inject({
      method: 'POST',
      url: '/send',
      headers: bearer('clarion_sk_sender'),
      payload: inappSend,
    });
    expectRetryLater(response, 503);
  });
});

describe('the gateway while NATS is down', () => {
  const namespace = createTestNamespace();
  let link: SeverableProxy;
  let gateway: GatewayUnderTest;
  let billing: ServiceStandIn;
  let notifications: ServiceStandIn;
  let billingSilent = false;

  beforeAll(async () => {
    const natsUrl = new URL(process.env['NATS_URL'] ?? 'nats://127.0.0.1:4222');
    link = new SeverableProxy(natsUrl.hostname, Number(natsUrl.port || 4222));
    await link.start();
    billing = await ServiceStandIn.start(namespace, [Requests.resolveApiKey.subject], () =>
      billingSilent ? 'silence' : { data: principal },
    );
    notifications = await ServiceStandIn.start(
      namespace,
      [Requests.ensureSendPlan.subject],
      notificationsSays,
    );
    gateway = await startGateway(namespace, {
      NATS_URL: link.rewrite(natsUrl.toString()),
      // The deployment's deadline: a request that waited for it would take 5 s.
      REQUEST_TIMEOUT_MS: '5000',
    });
  });

  afterAll(async () => {
    await gateway.close();
    await Promise.all([billing.stop(), notifications.stop()]);
    await dropTestNamespace(namespace);
    await link.stop();
  });

  const send = (key: string, idempotencyKey?: string) =>
    gateway.inject({
      method: 'POST',
      url: '/send',
      headers: {
        ...bearer(key),
        ...(idempotencyKey !== undefined && { 'idempotency-key': idempotencyKey }),
      },
      payload: inappSend,
    });

  /** Well under the 5 s deadline, with room for a loaded machine. */
  const FAST_MS = 1_500;
  const timed = async (response: Promise<LightMyRequestResponse>) => {
    const startedAt = Date.now();
    return { response: await response, elapsedMs: Date.now() - startedAt };
  };

  it('answers 503 with Retry-After at once, never waiting out the deadline, and sends again once NATS is back', async () => {
    // The key and the plan of the type are asked for (and cached) before the outage, so sends
    // reach JetStream during it.
    expect((await send('clarion_sk_cached', 'before')).statusCode).toBe(200);
    link.sever();
    // Until the gateway hears of the drop, a send is still written to the connection: 504 at once
    // (it may reach JetStream after the reconnect). From then on, nothing is sent: 503.
    await eventually(async () => {
      const { response, elapsedMs } = await timed(send('clarion_sk_cached'));
      expect(elapsedMs).toBeLessThan(FAST_MS);
      return response.statusCode === 503 ? true : undefined;
    });

    for (const sending of [
      () => send('clarion_sk_cached'), // a JetStream publish
      () => send('clarion_sk_cached', 'during'), // the idempotency key-value bucket first
      () => send('clarion_sk_unknown'), // a request to billing for the key
    ]) {
      const { response, elapsedMs } = await timed(sending());
      expectRetryLater(response, 503);
      expect(elapsedMs).toBeLessThan(FAST_MS);
    }

    link.restore();
    await eventually(async () =>
      (await send('clarion_sk_cached', 'after')).statusCode === 200 ? true : undefined,
    );
  }, 60_000);

  it('answers 504 at once to a request that was waiting when NATS went away: it may have been handled', async () => {
    await eventually(async () =>
      (await send('clarion_sk_cached')).statusCode === 200 ? true : undefined,
    );
    billingSilent = true;
    try {
      const asked = billing.asked(Requests.resolveApiKey);
      const waiting = timed(send('clarion_sk_asked_when_cut'));
      await eventually(() => (billing.asked(Requests.resolveApiKey) > asked ? true : undefined));
      link.sever();
      const { response, elapsedMs } = await waiting;
      expectRetryLater(response, 504);
      expect(response.json().error.fix).toMatch(/same Idempotency-Key/);
      expect(elapsedMs).toBeLessThan(FAST_MS);
    } finally {
      billingSilent = false;
      link.restore();
    }
    await eventually(async () =>
      (await send('clarion_sk_cached')).statusCode === 200 ? true : undefined,
    );
  }, 60_000);
});
