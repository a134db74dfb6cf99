import { Agent, request } from 'node:http';
import { connect as connectTcp } from 'node:net';
import { Requests } from '@clarion/contracts';
import { createTestNamespace, dropTestNamespace, eventually } from '@clarion/testing';
import { connect, NatsConnection } from 'nats';
import { GatewayUnderTest, startGateway } from '../test-peers/gateway-under-test';
import { testPrincipal } from '../test-peers/test-principal';

const principal = testPrincipal();
const plan = { channels: ['INAPP_WEB'], templates: [], subNotificationIds: [] };
const sendBody = JSON.stringify({
  type: 't',
  to: { id: 'u1' },
  forceChannels: ['INAPP_WEB'],
  inapp: { title: 'Hi' },
});

interface Answer {
  status: number;
  connection: string | undefined;
}

/** POST /send on a keep-alive connection; `key` picks how billing answers its authentication. */
function send(port: number, agent: Agent, key: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: '/send',
        agent,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(sendBody);
  });
}

function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connectTcp(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

describe('a stopping gateway', () => {
  const namespace = createTestNamespace();
  let services: NatsConnection;
  let asked = 0;
  let billingAnswers: 'at once' | 'after 1 s' | 'never' = 'at once';

  beforeAll(async () => {
    services = await connect({ servers: process.env['NATS_URL'] });
    services.subscribe(`${namespace}.${Requests.resolveApiKey.subject}`, {
      callback: (_, message) => {
        asked += 1;
        if (billingAnswers === 'never') return;
        const answer = () => message.respond(JSON.stringify({ ok: true, data: principal }));
        setTimeout(answer, billingAnswers === 'after 1 s' ? 1_000 : 0);
      },
    });
    services.subscribe(`${namespace}.${Requests.ensureSendPlan.subject}`, {
      callback: (_, message) => message.respond(JSON.stringify({ ok: true, data: plan })),
    });
    await services.flush();
  });

  afterAll(async () => {
    await services.close();
    await dropTestNamespace(namespace);
  });

  async function listeningGateway(): Promise<{ gateway: GatewayUnderTest; port: number }> {
    billingAnswers = 'at once';
    const gateway = await startGateway(namespace);
    return { gateway, port: await gateway.listen() };
  }

  it('stops accepting connections and answers the requests in flight before closing', async () => {
    const { gateway, port } = await listeningGateway();
    const agent = new Agent({ keepAlive: true });
    expect((await send(port, agent, 'clarion_sk_warm')).status).toBe(200);

    billingAnswers = 'after 1 s';
    const askedBefore = asked;
    const inFlight = send(port, agent, 'clarion_sk_slow'); // on the kept-alive connection
    await eventually(() => (asked > askedBefore ? true : undefined));
    const finishing = gateway.finishInFlightRequests();

    expect(await connectionRefused(port)).toBe(true);
    expect(await inFlight).toEqual({ status: 200, connection: 'close' });
    const answeredAt = Date.now();
    await finishing; // not after the 10 s grace: the connection closed with its answer
    expect(Date.now() - answeredAt).toBeLessThan(2_000);
    await gateway.close();
    agent.destroy();
  }, 20_000);

  it('cuts off what is still in flight after the grace period', async () => {
    const { gateway, port } = await listeningGateway();
    const agent = new Agent({ keepAlive: true });
    billingAnswers = 'never';
    const askedBefore = asked;
    const neverAnswered = send(port, agent, 'clarion_sk_silent').catch((error: Error) => error);
    await eventually(() => (asked > askedBefore ? true : undefined));

    const startedAt = Date.now();
    await gateway.finishInFlightRequests(300);
    expect(Date.now() - startedAt).toBeLessThan(2_000);
    expect(String(await neverAnswered)).toMatch(/socket hang up|ECONNRESET/);
    await gateway.close();
    agent.destroy();
  }, 20_000);
});
