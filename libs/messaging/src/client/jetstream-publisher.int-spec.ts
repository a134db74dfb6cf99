import { createTestNamespace } from '@clarion/testing';
import { connect, ErrorCode, headers, NatsConnection, NatsError } from 'nats';
import { JetStreamPublisher } from './jetstream-publisher';

const encoder = new TextEncoder();

describe(JetStreamPublisher.name, () => {
  const namespace = createTestNamespace();
  const stream = `${namespace}_PUBLISHER`;
  let connection: NatsConnection;
  let publisher: JetStreamPublisher;

  beforeAll(async () => {
    connection = await connect({ servers: process.env['NATS_URL'] });
    const manager = await connection.jetstreamManager();
    await manager.streams.add({ name: stream, subjects: [`${namespace}.publisher.>`] });
    publisher = new JetStreamPublisher(connection);
  });

  afterAll(async () => {
    await (await connection.jetstreamManager()).streams.delete(stream);
    await connection.close();
  });

  const withMsgId = (id: string) => {
    const h = headers();
    h.set('Nats-Msg-Id', id);
    return h;
  };

  it('answers each of many concurrent publishes with its own ack', async () => {
    const acks = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        publisher.publish(
          `${namespace}.publisher.many`,
          encoder.encode(`${i}`),
          withMsgId(`m${i}`),
        ),
      ),
    );
    expect(new Set(acks.map((ack) => ack.seq)).size).toBe(200);
    expect(acks.every((ack) => ack.stream === stream && !ack.duplicate)).toBe(true);
    const stored = await (
      await connection.jetstreamManager()
    ).streams.getMessage(stream, {
      seq: acks[7]?.seq ?? 0,
    });
    expect(new TextDecoder().decode(stored.data)).toBe('7');
  });

  it('says when JetStream already holds a message of the same msg id', async () => {
    const first = await publisher.publish(
      `${namespace}.publisher.once`,
      encoder.encode('a'),
      withMsgId('once'),
    );
    const again = await publisher.publish(
      `${namespace}.publisher.once`,
      encoder.encode('a'),
      withMsgId('once'),
    );
    expect(again).toMatchObject({ seq: first.seq, duplicate: true });
  });

  it('fails with NoResponders when no stream takes the subject', async () => {
    await expect(
      publisher.publish(`${namespace}.nowhere`, encoder.encode('x'), headers()),
    ).rejects.toMatchObject({ code: ErrorCode.NoResponders });
  });

  it('fails with the refusal JetStream answers', async () => {
    const h = withMsgId('expect');
    h.set('Nats-Expected-Stream', 'SOME_OTHER_STREAM');
    const refusal = await publisher
      .publish(`${namespace}.publisher.expect`, encoder.encode('x'), h)
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(NatsError);
    expect((refusal as NatsError).message).toMatch(/stream/i);
  });
});
