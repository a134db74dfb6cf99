import { connect } from 'node:net';
import { createTestNamespace, dropTestNamespace } from '@clarion/testing';
import { LightMyRequestResponse } from 'fastify';
import { GatewayUnderTest, startGateway } from '../test-peers/gateway-under-test';
import { JSON_LIMITS } from './json-limits';

/** What a raw HTTP exchange on a real socket answers: the status line and the parsed body. */
async function exchange(port: number, request: string): Promise<{ status: string; body: unknown }> {
  const socket = connect(port, '127.0.0.1');
  socket.write(request);
  const chunks: Buffer[] = [];
  for await (const chunk of socket) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString();
  const [head = '', body = ''] = text.split('\r\n\r\n');
  return { status: head.split('\r\n')[0] ?? '', body: JSON.parse(body) };
}

/**
 * Sends a request whose body is `bodyBytes` long in one write, and answers the status line and body
 * of the answer once it is complete and the whole body was sent: an EPIPE or a reset (the
 * connection closed under a client still sending) fails it.
 */
function answerWhileSending(
  port: number,
  bodyBytes: number,
  framing: 'content-length' | 'chunked',
): Promise<{ status: string; body: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    let answer: { status: string; body: unknown } | undefined;
    let bodySent = false;
    const finishIfDone = (): void => {
      if (answer === undefined || !bodySent) return;
      socket.destroy();
      resolve(answer);
    };
    socket.on('error', reject);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const headEnd = received.indexOf('\r\n\r\n');
      const head = received.subarray(0, Math.max(headEnd, 0)).toString();
      const length = /content-length: (\d+)/i.exec(head)?.[1];
      if (headEnd < 0 || length === undefined) return;
      const body = received.subarray(headEnd + 4);
      if (body.length < Number(length)) return;
      answer = { status: head.split('\r\n')[0] ?? '', body: JSON.parse(body.toString()) };
      finishIfDone();
    });
    const framingHeader =
      framing === 'chunked' ? 'Transfer-Encoding: chunked' : `Content-Length: ${bodyBytes}`;
    socket.write(
      `POST /send HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${framingHeader}\r\n\r\n`,
    );
    const body = Buffer.alloc(bodyBytes, 'a');
    const framed =
      framing === 'chunked'
        ? Buffer.concat([
            Buffer.from(`${bodyBytes.toString(16)}\r\n`),
            body,
            Buffer.from('\r\n0\r\n\r\n'),
          ])
        : body;
    socket.write(framed, (error) => {
      if (error) return;
      bodySent = true;
      finishIfDone();
    });
  });
}

function expectEnvelope(response: LightMyRequestResponse, status: number, code: string): string {
  expect(response.statusCode).toBe(status);
  const body = response.json();
  expect(body).toEqual({
    trackingId: expect.any(String),
    error: { code, message: expect.any(String), fix: expect.any(String) },
  });
  return body.error.message;
}

const nested = (depth: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};

describe('the gateway at its edge', () => {
  const namespace = createTestNamespace();
  let gateway: GatewayUnderTest;
  let port: number;

  beforeAll(async () => {
    gateway = await startGateway(namespace);
    port = await gateway.listen();
  });

  afterAll(async () => {
    await gateway.close();
    await dropTestNamespace(namespace);
  });

  const post = (payload: string) =>
    gateway.inject({
      method: 'POST',
      url: '/send',
      headers: { 'content-type': 'application/json' },
      payload,
    });

  it('answers a path that is not percent-encoded UTF-8 with 400 INVALID_URL', async () => {
    const message = expectEnvelope(
      await gateway.inject({ method: 'GET', url: '/types/%E0%A4%A' }),
      400,
      'INVALID_URL',
    );
    expect(message).toContain('/types/%E0%A4%A');
  });

  it('answers a known path under a method it has no operation for with 405 and Allow', async () => {
    const response = await gateway.inject({ method: 'DELETE', url: '/send?x=1' });
    const message = expectEnvelope(response, 405, 'METHOD_NOT_ALLOWED');
    expect(response.headers['allow']).toBe('POST');
    expect(message).toContain('DELETE');
    const withParameter = await gateway.inject({ method: 'PUT', url: '/types/welcome' });
    expectEnvelope(withParameter, 405, 'METHOD_NOT_ALLOWED');
    expect(String(withParameter.headers['allow']).split(', ')).toEqual(
      expect.arrayContaining(['GET', 'PATCH']),
    );
  });

  it('answers a path without operations with 404 ROUTE_NOT_FOUND, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await gateway.inject({ method, url: '/no/such/operation' });
      expectEnvelope(response, 404, 'ROUTE_NOT_FOUND');
      expect(response.headers['allow']).toBeUndefined();
    }
  });

  it('answers text that cannot be stored (U+0000, a lone surrogate) with 400 naming where it is', async () => {
    const inBody = expectEnvelope(
      await post('{"type":"t","to":{"id":"a\\u0000b"},"inapp":{"title":"x"}}'),
      400,
      'VALIDATION_FAILED',
    );
    expect(inBody).toContain('body.to.id');
    const inQuery = await gateway.inject({ method: 'GET', url: '/users?name=a%ED%A0%80' });
    expect(inQuery.statusCode).toBe(400);
    const inPath = expectEnvelope(
      await gateway.inject({ method: 'GET', url: '/users/a%00b' }),
      400,
      'VALIDATION_FAILED',
    );
    expect(inPath).toContain('path.');
  });

  it('answers a path parameter over its length with 414 URI_TOO_LONG, quoting a bounded part', async () => {
    const message = expectEnvelope(
      await gateway.inject({ method: 'GET', url: `/users/${'a'.repeat(5_000)}` }),
      414,
      'URI_TOO_LONG',
    );
    expect(message.length).toBeLessThan(400);
  });

  it('answers a body nested 10,000 levels with 400, before reading it further', async () => {
    const payload = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const message = expectEnvelope(await post(payload), 400, 'VALIDATION_FAILED');
    expect(message).toContain(`deeper than ${JSON_LIMITS.maxDepth} levels`);
  });

  it('takes a body exactly at the depth limit on to authentication', async () => {
    const body = { type: 't', to: { id: 'u' }, parameters: nested(JSON_LIMITS.maxDepth - 2) };
    const response = await post(JSON.stringify(body));
    expect(response.json().error.code).toBe('UNAUTHORIZED');
  });

  it('answers 50,000 keys with 400 at once, without validating each key', async () => {
    const keys = Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, 1]));
    const startedAt = performance.now();
    const message = expectEnvelope(
      await post(JSON.stringify({ type: 't', ...keys })),
      400,
      'VALIDATION_FAILED',
    );
    expect(performance.now() - startedAt).toBeLessThan(1_000);
    expect(message).toBe(
      `body has 50001 keys; at most ${JSON_LIMITS.maxKeysPerObject} are accepted`,
    );
  });

  it('answers an array over its length and a body over its count of values with 400', async () => {
    const longArray = JSON.stringify({ items: new Array(JSON_LIMITS.maxArrayLength + 1).fill(0) });
    expect(expectEnvelope(await post(longArray), 400, 'VALIDATION_FAILED')).toContain(
      `at most ${JSON_LIMITS.maxArrayLength} are accepted`,
    );
    const manyValues = JSON.stringify(
      Array.from({ length: 20 }, () => new Array(JSON_LIMITS.maxArrayLength).fill(0)),
    );
    expect(expectEnvelope(await post(manyValues), 400, 'VALIDATION_FAILED')).toContain(
      `more than ${JSON_LIMITS.maxValues} values`,
    );
  });

  it('answers a body over the limit with 413 in the error object, read by a client still sending it', async () => {
    const overLimit = 12 * 1024 * 1024;
    for (const framing of ['content-length', 'chunked', 'content-length'] as const) {
      const { status, body } = await answerWhileSending(port, overLimit, framing);
      expect(status).toBe('HTTP/1.1 413 Payload Too Large');
      expect(body).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
    }
  });

  it('answers a request line over 16 KB with 431 in the error object', async () => {
    const answer = await exchange(
      port,
      `GET /users/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    expect(answer.status).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(answer.body).toEqual({
      trackingId: expect.any(String),
      error: { code: 'HEADERS_TOO_LARGE', message: expect.any(String), fix: expect.any(String) },
    });
  });

  it('answers what is not HTTP with 400 in the error object', async () => {
    const answer = await exchange(port, 'GARBAGE\r\n\r\n');
    expect(answer.status).toBe('HTTP/1.1 400 Bad Request');
    expect(answer.body).toMatchObject({ error: { code: 'BAD_HTTP_REQUEST' } });
  });
});
