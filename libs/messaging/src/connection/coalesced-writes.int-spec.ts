import { createTestNamespace } from '@clarion/testing';
import { connect, NatsConnection, Subscription } from 'nats';
import { coalesceWrites } from './coalesced-writes';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Counts the socket writes of a connection (nats.js keeps its transport on the protocol). */
function countWrites(connection: NatsConnection): () => number {
  const transport = (
    connection as unknown as { protocol: { transport: { send(data: Uint8Array): void } } }
  ).protocol.transport;
  const send = transport.send.bind(transport);
  let writes = 0;
  transport.send = (data) => {
    writes += 1;
    send(data);
  };
  return () => writes;
}

async function received(subscription: Subscription, count: number): Promise<string[]> {
  const texts: string[] = [];
  for await (const message of subscription) {
    texts.push(decoder.decode(message.data));
    if (texts.length === count) break;
  }
  return texts;
}

describe(coalesceWrites.name, () => {
  const subject = `${createTestNamespace()}.coalesced`;
  let publisher: NatsConnection;
  let reader: NatsConnection;

  beforeEach(async () => {
    publisher = await connect({ servers: process.env['NATS_URL'] });
    reader = await connect({ servers: process.env['NATS_URL'] });
    coalesceWrites(publisher);
  });

  afterEach(async () => {
    await publisher.close();
    await reader.close();
  });

  it('sends what callbacks of one turn published in one write, in order', async () => {
    const subscription = reader.subscribe(subject);
    await reader.flush();
    const writes = countWrites(publisher);
    // Separate callbacks of one turn of the loop, as the poll phase runs them for separate
    // requests: nats.js alone writes at the end of each of them.
    for (let i = 0; i < 50; i++)
      setImmediate(() => publisher.publish(subject, encoder.encode(`${i}`)));
    // Everything arrived, so everything was written: however slow the machine, count then.
    expect(await received(subscription, 50)).toEqual(Array.from({ length: 50 }, (_, i) => `${i}`));
    expect(writes()).toBe(1);
  });

  it('writes at once what outgrows the client pending limit', async () => {
    const subscription = reader.subscribe(subject);
    await reader.flush();
    const writes = countWrites(publisher);
    const large = encoder.encode('x'.repeat(40 * 1024));
    publisher.publish(subject, large);
    expect(writes()).toBe(1);
    expect(await received(subscription, 1)).toHaveLength(1);
  });

  it('answers requests as before', async () => {
    reader.subscribe(subject, { callback: (_error, message) => message.respond(message.data) });
    await reader.flush();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => publisher.request(subject, encoder.encode(`${i}`))),
    );
    expect(answers.map((answer) => decoder.decode(answer.data))).toEqual(
      Array.from({ length: 20 }, (_, i) => `${i}`),
    );
  });
});
