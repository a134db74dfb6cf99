import { createTestNamespace, eventually, SeverableProxy } from '@clarion/testing';
import { ErrorCode as DomainErrorCode } from '@clarion/contracts';
import { connect, ErrorCode, headers, NatsConnection, NatsError } from 'nats';
import { ConnectionState } from '../connection/connection-state';
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
    publisher = new JetStreamPublisher(connection, new ConnectionState(connection));
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

describe(`${JetStreamPublisher.name} while NATS is away`, () => {
  const namespace = createTestNamespace();
  const stream = `${namespace}_AWAY`;
  let link: SeverableProxy;
  let direct: NatsConnection;
  let proxied: NatsConnection;
  let publisher: JetStreamPublisher;

  beforeAll(async () => {
    const natsUrl = new URL(process.env['NATS_URL'] ?? 'nats://127.0.0.1:4222');
    link = new SeverableProxy(natsUrl.hostname, Number(natsUrl.port || 4222));
    await link.start();
    direct = await connect({ servers: process.env['NATS_URL'] });
    await (
      await direct.jetstreamManager()
    ).streams.add({ name: stream, subjects: [`${namespace}.away.>`] });
    // Something listens on this subject but never acks: a publish to it waits for its ack.
    direct.subscribe(`${namespace}.unacked`, { callback: () => undefined });
    await direct.flush();
    proxied = await connect({
      servers: link.rewrite(natsUrl.toString()),
      maxReconnectAttempts: -1,
      reconnectTimeWait: 200,
    });
    publisher = new JetStreamPublisher(proxied, new ConnectionState(proxied));
  });

  afterAll(async () => {
    await proxied.close();
    await (await direct.jetstreamManager()).streams.delete(stream);
    await direct.close();
    await link.stop();
  });

  const publish = (subject: string) =>
    publisher.publish(`${namespace}.${subject}`, encoder.encode('x'), headers());
  const unavailable = { code: DomainErrorCode.SERVICE_UNAVAILABLE, retryAfterSeconds: 2 };
  /** Sent before the drop: maybe stored, so a timeout to retry with the same message id. */
  const outcomeUnknown = { code: DomainErrorCode.SERVICE_TIMEOUT, retryAfterSeconds: 2 };

  it('fails an awaited ack as soon as the connection drops (outcome unknown), and publishes at once fail until it is back', async () => {
    const awaited = publish('unacked').catch((error: unknown) => error);
    await proxied.flush();
    const severedAt = Date.now();
    link.sever();
    expect(await awaited).toMatchObject(outcomeUnknown);
    expect(Date.now() - severedAt).toBeLessThan(1_500);

    const startedAt = Date.now();
    await expect(publish('away.during')).rejects.toMatchObject(unavailable);
    expect(Date.now() - startedAt).toBeLessThan(500);

    link.restore();
    const ack = await eventually(() => publish('away.after').catch(() => undefined));
    expect(ack.stream).toBe(stream);
  }, 20_000);
});
