import { createTestNamespace, dropTestNamespace } from '@clarion/testing';
import { GatewayUnderTest, startGateway } from '../test-peers/gateway-under-test';

describe('the gateway reading JSON bodies', () => {
  const namespace = createTestNamespace();
  let gateway: GatewayUnderTest;

  beforeAll(async () => {
    gateway = await startGateway(namespace);
  });

  afterAll(async () => {
    await gateway.close();
    await dropTestNamespace(namespace);
  });

  const inject = (method: 'DELETE' | 'POST', url: string, payload?: string) =>
    gateway.inject({ method, url, headers: { 'content-type': 'application/json' }, payload });

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
