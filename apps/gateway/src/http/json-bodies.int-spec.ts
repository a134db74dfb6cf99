import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadEnv } from '@clarion/config';
import { createTestNamespace, dropTestNamespace } from '@clarion/testing';
import { GatewayEnv } from '../gateway.env';
import { createGatewayApp } from './create-gateway-app';

describe('the gateway reading JSON bodies', () => {
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

  const inject = (method: 'DELETE' | 'POST', url: string, payload?: string) =>
    app
      .getHttpAdapter()
      .getInstance()
      .inject({ method, url, headers: { 'content-type': 'application/json' }, payload });

  // Without credentials, a request whose body was read goes on to the credential check: 401.
  it.each([
    ['a DELETE', 'DELETE', '/keys/0190a5c0-0000-7000-8000-000000000000'],
    ['a POST', 'POST', '/send'],
  ] as const)(
    'reads %s with Content-Type: application/json and an empty body as no body',
    async (_, method, url) => {
      const response = await inject(method, url, '');
      expect({ status: response.statusCode, code: response.json().error.code }).toEqual({
        status: 401,
        code: 'UNAUTHORIZED',
      });
    },
  );

  it.each([
    ['broken JSON', '{"type": "t",'],
    ['whitespace only', '  '],
    ['a prototype-poisoning key', '{"__proto__": {"admin": true}}'],
  ])('answers a body of %s with 400 INVALID_JSON in the envelope', async (_, payload) => {
    const response = await inject('DELETE', '/keys/0190a5c0-0000-7000-8000-000000000000', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      trackingId: expect.any(String),
      error: { code: 'INVALID_JSON', fix: expect.any(String) },
    });
  });
});
