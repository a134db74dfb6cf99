import { createTestNamespace, eventually, SeverableProxy } from '@clarion/testing';
import { ErrorCode as DomainErrorCode } from '@clarion/contracts';
import { connect, ErrorCode, headers, NatsConnection, NatsError } from 'nats';
import { ConnectionState } from '../connection/connection-state';
import { AckTiming, JetStreamPublisher } from './jetstream-publisher';

const encoder = new TextEncoder();
/** Short enough for a spec; in the same proportions as the defaults. */
const SHORT_TIMING: AckTiming = {
  ackTimeoutMs: 300,
  settleWithinMs: 3_000,
  sendAgainEveryMs: 200,
  reconnectWithinMs: 1_000,
};
const withMsgId = (id: string) => {
  const h = headers();
  h.set('Nats-Msg-Id', id);
  return h;
};

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

describe(`${JetStreamPublisher.name} when an ack is lost with its stream's leader`, () => {
  const namespace = createTestNamespace();
  let connection: NatsConnection;
  let publisher: JetStreamPublisher;
  const streams: string[] = [];

  beforeAll(async () => {
    connection = await connect({ servers: process.env['NATS_URL'] });
    publisher = new JetStreamPublisher(connection, new ConnectionState(connection), SHORT_TIMING);
  });

  afterAll(async () => {
    const manager = await connection.jetstreamManager();
    for (const stream of streams) await manager.streams.delete(stream);
    await connection.close();
  });

  /**
   * A subject that something takes but never acks, as a stream leader that died with the
   * message: its publish is neither acked nor refused. Unsubscribe to leave it leaderless.
   */
  const leaderDiesWith = async (subject: string) => {
    const taker = connection.subscribe(subject, { callback: () => undefined });
    await connection.flush();
    return taker;
  };
  const newLeaderTakes = async (name: string, subject: string) => {
    streams.push(name);
    await (await connection.jetstreamManager()).streams.add({ name, subjects: [subject] });
  };

  it('sends it again under its message id, and answers with the ack of the message stored before', async () => {
    const subject = `${namespace}.replicated`;
    const taker = await leaderDiesWith(subject);
    const publishing = publisher.publish(subject, encoder.encode('x'), withMsgId('replicated'));
    // The dead leader had replicated it: the new leader holds it, under the same message id.
    taker.unsubscribe();
    await newLeaderTakes(`${namespace}_REPLICATED`, subject);
    const stored = await connection.jetstream().publish(subject, encoder.encode('x'), {
      msgID: 'replicated',
    });

    expect(await publishing).toMatchObject({ seq: stored.seq, duplicate: true });
  });

  it('keeps sending it while no leader takes the subject, and answers once one does', async () => {
    const subject = `${namespace}.leaderless`;
    const taker = await leaderDiesWith(subject);
    let settled = false;
    const publishing = publisher
      .publish(subject, encoder.encode('y'), withMsgId('leaderless'))
      .finally(() => (settled = true));
    taker.unsubscribe();
    // Overdue, then sent again to a subject nobody takes: "no responders", and it waits on.
    await new Promise((resolve) => setTimeout(resolve, SHORT_TIMING.ackTimeoutMs * 3));
    expect(settled).toBe(false);
    await newLeaderTakes(`${namespace}_LEADERLESS`, subject);

    expect(await publishing).toMatchObject({ stream: `${namespace}_LEADERLESS`, duplicate: false });
  });

  it('fails with its outcome unknown when no ack comes within settleWithinMs', async () => {
    const subject = `${namespace}.never`;
    const taker = await leaderDiesWith(subject);
    const startedAt = Date.now();
    await expect(
      publisher.publish(subject, encoder.encode('z'), withMsgId('never')),
    ).rejects.toMatchObject({ code: ErrorCode.Timeout });
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(SHORT_TIMING.settleWithinMs);
    taker.unsubscribe();
  });

  it('fails a publish without a message id when its ack is overdue: it cannot be asked again', async () => {
    const subject = `${namespace}.anonymous`;
    const taker = await leaderDiesWith(subject);
    const startedAt = Date.now();
    await expect(publisher.publish(subject, encoder.encode('z'), headers())).rejects.toMatchObject({
      code: ErrorCode.Timeout,
    });
    expect(Date.now() - startedAt).toBeLessThan(SHORT_TIMING.settleWithinMs);
    taker.unsubscribe();
  });
});

describe(`${JetStreamPublisher.name} while NATS is away`, () => {
  const namespace = createTestNamespace();
  const stream = `${namespace}_AWAY`;
  let link: SeverableProxy;
  let direct: NatsConnection;
  let proxied: NatsConnection;
  let publisher: JetStreamPublisher;
  let withMsgIds: JetStreamPublisher;

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
    withMsgIds = new JetStreamPublisher(proxied, new ConnectionState(proxied), SHORT_TIMING);
  });

  afterAll(async () => {
    await proxied.close();
    const manager = await direct.jetstreamManager();
    await manager.streams.delete(`${namespace}_DROPPED`).catch(() => undefined);
    await manager.streams.delete(stream);
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

  it('asks again, under its message id, an ack awaited when the connection dropped, once it is back within reconnectWithinMs', async () => {
    await eventually(() => publish('away.before').catch(() => undefined));
    const subject = `${namespace}.dropped`;
    const taker = direct.subscribe(subject, { callback: () => undefined });
    await direct.flush();
    const awaited = withMsgIds.publish(subject, encoder.encode('x'), withMsgId('dropped'));
    await proxied.flush();
    link.sever();
    link.restore();
    // Back on "another node", where the subject now has a stream.
    taker.unsubscribe();
    await (
      await direct.jetstreamManager()
    ).streams.add({ name: `${namespace}_DROPPED`, subjects: [subject] });

    expect(await awaited).toMatchObject({ stream: `${namespace}_DROPPED` });
  }, 20_000);

  it('fails it with its outcome unknown when the connection stays away past reconnectWithinMs', async () => {
    await eventually(() => publish('away.before').catch(() => undefined));
    const awaited = withMsgIds
      .publish(`${namespace}.unacked`, encoder.encode('x'), withMsgId('stays-away'))
      .catch((error: unknown) => error);
    await proxied.flush();
    const severedAt = Date.now();
    link.sever();
    try {
      expect(await awaited).toMatchObject(outcomeUnknown);
      expect(Date.now() - severedAt).toBeGreaterThanOrEqual(SHORT_TIMING.reconnectWithinMs);
    } finally {
      link.restore();
    }
  }, 20_000);
});
