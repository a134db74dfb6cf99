import { connect } from 'node:net';
import Fastify, { FastifyInstance } from 'fastify';
import { drainUnreadBodies } from './unread-bodies';

const BODY_LIMIT = 1_024;
const LINGER_MS = 300;

/**
 * Sends the head of a request announcing `announced` bytes and `sent` of them, then waits: answers
 * what arrived and how long after the first byte of the answer the connection was closed.
 */
function sendPartOfABody(
  port: number,
  announced: number,
  sent: number,
): Promise<{ answer: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let answeredAt = 0;
    socket.on('error', reject);
    socket.on('data', (chunk: Buffer) => {
      answeredAt ||= Date.now();
      answer += chunk.toString();
    });
    socket.on('close', () => resolve({ answer, closedAfterMs: Date.now() - answeredAt }));
    socket.write(
      `POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${announced}\r\n\r\n`,
    );
    socket.write(Buffer.alloc(sent, 'a'));
  });
}

describe(drainUnreadBodies.name, () => {
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    app = Fastify({ bodyLimit: BODY_LIMIT });
    drainUnreadBodies(app, LINGER_MS);
    app.post('/echo', (request) => request.body);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    port = typeof address === 'object' && address !== null ? address.port : 0;
  });

  afterAll(() => app.close());

  it('answers 413 at once and cuts a client that never finishes its body after the linger', async () => {
    const { answer, closedAfterMs } = await sendPartOfABody(port, 1_000_000, 10_000);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).not.toMatch(/connection: close/i);
    expect(closedAfterMs).toBeGreaterThanOrEqual(LINGER_MS - 50);
    expect(closedAfterMs).toBeLessThan(LINGER_MS + 2_000);
  });
});
