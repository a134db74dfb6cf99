import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadEnv } from '@clarion/config';
import { newTimeOrderedId } from '@clarion/contracts';
import { createTestNamespace, dropTestNamespace } from '@clarion/testing';
import { connect, NatsConnection } from 'nats';
import { GatewayEnv } from '../gateway.env';
import { createGatewayApp } from '../http/create-gateway-app';

const principal = {
  accountId: newTimeOrderedId(),
  envId: newTimeOrderedId(),
  clientId: 'c1',
  keyType: 'secret',
};

describe('per-key rate limits', () => {
  const namespace = createTestNamespace();
  let app: NestFastifyApplication;
  let billing: NatsConnection;

  beforeAll(async () => {
    // Billing stand-in: every key resolves (to a key id of its own), environments are empty.
    billing = await connect({ servers: process.env['NATS_URL'] });
    billing.subscribe(`${namespace}.billing.>`, {
      callback: (_, message) => {
        const data = message.subject.endsWith('apikey.resolve')
          ? { ...principal, keyId: message.json<{ keyHash: string }>().keyHash.slice(0, 8) }
          : [];
        message.respond(JSON.stringify({ ok: true, data }));
      },
    });
    const env = loadEnv(GatewayEnv, {
      NATS_URL: process.env['NATS_URL'],
      CLARION_NAMESPACE: namespace,
      LOG_LEVEL: 'error',
      RATE_LIMIT_PER_SECOND: '1',
      RATE_LIMIT_BURST: '3',
    });
    app = await createGatewayApp(env);
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });

  afterAll(async () => {
    await app.close();
    await billing.close();
    await dropTestNamespace(namespace);
  });

  const list = (key: string) =>
    app
      .getHttpAdapter()
      .getInstance()
      .inject({ method: 'GET', url: '/environments', headers: { authorization: `Bearer ${key}` } });

  it('answers 429 with Retry-After and the error object once a key has used its burst', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await list('clarion_sk_first')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await list('clarion_sk_first');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.json()).toMatchObject({
      trackingId: expect.any(String),
      error: { code: 'RATE_LIMITED', fix: expect.any(String) },
    });
  });

  it('counts each key on its own', async () => {
    expect((await list('clarion_sk_second')).statusCode).toBe(200);
  });
});
