import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadEnv } from '@clarion/config';
import { createTestNamespace, dropTestNamespace } from '@clarion/testing';
import { GatewayEnv } from './gateway.env';
import { createGatewayApp } from './http/create-gateway-app';

describe('the gateway when the services behind it are down', () => {
  const namespace = createTestNamespace();
  let app: NestFastifyApplication;

  beforeAll(async () => {
    const env = loadEnv(GatewayEnv, {
      NATS_URL: process.env['NATS_URL'],
      CLARION_NAMESPACE: namespace,
      LOG_LEVEL: 'error',
    });
    app = await createGatewayApp(env);
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });

  afterAll(async () => {
    await app.close();
    await dropTestNamespace(namespace);
  });

  const inject = (options: {
    method: 'GET' | 'POST';
    url: string;
    headers?: Record<string, string>;
    payload?: unknown;
  }) =>
    app
      .getHttpAdapter()
      .getInstance()
      .inject(options as never);

  it('answers 503 SERVICE_UNAVAILABLE in the envelope when billing cannot check the key', async () => {
    const response = await inject({
      method: 'POST',
      url: '/send',
      headers: { authorization: 'Bearer clarion_sk_any', 'content-type': 'application/json' },
      payload: { type: 't', to: { id: 'u' } },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      trackingId: expect.any(String),
      error: { code: 'SERVICE_UNAVAILABLE' },
    });
  });

  it('answers GET /status with 503 naming every service that does not answer', async () => {
    const response = await inject({ method: 'GET', url: '/status' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      message:
        'Not ready: billing, notifications, delivery-workers, logs, numbers, voice, registrations',
      status: 'degraded',
      services: { gateway: 'ready', billing: 'unreachable', logs: 'unreachable' },
      notReady: [
        'billing',
        'notifications',
        'delivery-workers',
        'logs',
        'numbers',
        'voice',
        'registrations',
      ],
    });
  });

  it('stays live for Kubernetes while degraded', async () => {
    expect((await inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
    expect((await inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
  });
});
