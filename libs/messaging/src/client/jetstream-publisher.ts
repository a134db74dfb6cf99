import {
  createInbox,
  ErrorCode as NatsErrorCode,
  Msg,
  MsgHdrs,
  NatsConnection,
  NatsError,
  PubAck,
  Subscription,
} from 'nats';
import { ConnectionState, connectionLost } from '../connection/connection-state';
import { decodeJson } from './json-codec';

/** When an ack is overdue, and how long a publish whose ack was lost is sent again. */
export interface AckTiming {
  /** How long a publish waits for JetStream's ack, as the client's own publish does by default. */
  ackTimeoutMs: number;
  /**
   * How long after its first send a publish with a message id is sent again before it fails
   * with its outcome unknown: past the election of a new leader for a stream whose leader's node
   * died (NATS's raft elects after 4 to 9 s without a heartbeat), with room for a loaded machine.
   */
  settleWithinMs: number;
  /** Between two sends of a publish whose ack was lost. */
  sendAgainEveryMs: number;
  /**
   * How soon after a drop the connection must be back (to another node of a cluster, which
   * nats.js dials at once) for the acks it lost to be asked again; past it they fail, outcome
   * unknown, as they would at once without a cluster to fall back on.
   */
  reconnectWithinMs: number;
}

export const DEFAULT_ACK_TIMING: AckTiming = {
  ackTimeoutMs: 5_000,
  settleWithinMs: 15_000,
  sendAgainEveryMs: 1_000,
  reconnectWithinMs: 1_000,
};

const SWEEP_EVERY_MS = 250;
const NO_RESPONDERS = 503;
const MSG_ID_HEADER = 'Nats-Msg-Id';

interface AwaitedAck {
  readonly subject: string;
  readonly data: Uint8Array;
  readonly headers: MsgHdrs;
  readonly resolve: (ack: PubAck) => void;
  readonly reject: (error: unknown) => void;
  readonly sentAt: number;
  /** When its ack is overdue: it is then sent again (it has a message id) or fails. */
  dueAt: number;
}

interface AckBody {
  stream?: string;
  seq?: number;
  duplicate?: boolean;
  domain?: string;
  error?: { code: number; description: string };
}

/**
 * Publishes to JetStream and gathers the acks on one subscription of its own. The client's
 * publish is a request: per message a subscription entry, a timer, and on every success an
 * error object (stack trace included) for the request it then cancels: a top function of every
 * service under load. Here a publish is one write, coalesced with the others of the same tick by
 * the client, and its ack is matched by a counter; a sweep handles the acks overdue. While the
 * connection is down a publish fails at once: the caller hears "not now" rather than waiting.
 *
 * An ack can be lost while the message is stored: the stream's leader (or the server this
 * process is connected to) died after replicating it and before acking. A publish with a message
 * id whose ack is overdue, or was awaited when the connection dropped and is back within a
 * second (another node of the cluster), is then sent again, the same bytes under the same id,
 * every second (JetStream keeps one message per id in its duplicate window, and answers a repeat
 * with the first one's ack): "no responders" to it only means its stream has no leader yet. So
 * it ends with the truth (stored) once a new leader is elected, and fails with its outcome
 * unknown only after `settleWithinMs` (15 s), or when the connection stays away. A publish
 * without a message id fails when overdue, and at once when the connection drops (it cannot be
 * asked again).
 */
export class JetStreamPublisher {
  private readonly inbox = createInbox();
  /** Publishes sent once, oldest first, so the overdue ones come first. */
  private readonly awaited = new Map<number, AwaitedAck>();
  /** Publishes sent again because their ack was lost: few, and only after a failure. */
  private readonly sentAgain = new Map<number, AwaitedAck>();
  private subscription?: Subscription;
  private sweeper?: NodeJS.Timeout;
  private sent = 0;
  private droppedAt = 0;

  constructor(
    private readonly connection: NatsConnection,
    private readonly connectionState: ConnectionState,
    private readonly timing: AckTiming = DEFAULT_ACK_TIMING,
  ) {
    connectionState.onDrop(() => this.onDrop());
  }

  publish(subject: string, data: Uint8Array, headers: MsgHdrs): Promise<PubAck> {
    return new Promise<PubAck>((resolve, reject) => {
      this.connectionState.assertUp(); // a throw rejects the publish
      this.listen();
      const id = ++this.sent;
      const sentAt = Date.now();
      this.awaited.set(id, {
        subject,
        data,
        headers,
        resolve,
        reject,
        sentAt,
        dueAt: sentAt + this.timing.ackTimeoutMs,
      });
      try {
        this.connection.publish(subject, data, { reply: `${this.inbox}.${id}`, headers });
      } catch (error) {
        this.awaited.delete(id);
        reject(error);
      }
    });
  }

  private listen(): void {
    if (this.subscription) return;
    this.subscription = this.connection.subscribe(`${this.inbox}.*`, {
      callback: (_error, message) => this.settle(message),
    });
    this.sweeper = setInterval(() => this.sweep(), SWEEP_EVERY_MS);
    this.sweeper.unref();
  }

  private settle(message: Msg): void {
    const id = Number(message.subject.slice(this.inbox.length + 1));
    const awaited = this.awaited.get(id) ?? this.sentAgain.get(id);
    if (!awaited) return;
    let ack: PubAck;
    try {
      ack = ackOf(message);
    } catch (error) {
      // The first send may be stored: no responders now only means no leader yet.
      if (isNoResponders(error) && this.sentAgain.has(id)) return;
      this.forget(id);
      awaited.reject(error);
      return;
    }
    this.forget(id);
    awaited.resolve(ack);
  }

  private forget(id: number): void {
    if (!this.awaited.delete(id)) this.sentAgain.delete(id);
  }

  private sweep(): void {
    const now = Date.now();
    for (const [id, awaited] of this.awaited) {
      if (awaited.dueAt > now) break;
      this.awaited.delete(id);
      if (hasMessageId(awaited)) this.sentAgain.set(id, awaited);
      else awaited.reject(NatsError.errorForCode(NatsErrorCode.Timeout));
    }
    if (this.sentAgain.size > 0) this.sendAgainWhenDue(now);
  }

  private sendAgainWhenDue(now: number): void {
    const up = this.connectionState.isUp();
    const downTooLong = !up && now - this.droppedAt >= this.timing.reconnectWithinMs;
    for (const [id, awaited] of this.sentAgain) {
      if (downTooLong || now - awaited.sentAt >= this.timing.settleWithinMs) {
        this.sentAgain.delete(id);
        awaited.reject(
          up
            ? NatsError.errorForCode(NatsErrorCode.Timeout)
            : connectionLost('JetStream to store a message'),
        );
      } else if (up && awaited.dueAt <= now) {
        awaited.dueAt = now + this.timing.sendAgainEveryMs;
        this.sendAgain(id, awaited);
      }
    }
  }

  private sendAgain(id: number, awaited: AwaitedAck): void {
    const { subject, data, headers } = awaited;
    try {
      this.connection.publish(subject, data, { reply: `${this.inbox}.${id}`, headers });
    } catch (error) {
      // The connection is closed for good (the service is stopping).
      this.sentAgain.delete(id);
      awaited.reject(error);
    }
  }

  /**
   * None of the acks awaited can arrive any more: those that can be are asked again once the
   * connection is back, if it is back soon enough.
   */
  private onDrop(): void {
    this.droppedAt = Date.now();
    setTimeout(() => this.sweep(), this.timing.reconnectWithinMs).unref();
    for (const [id, awaited] of this.awaited) {
      this.awaited.delete(id);
      if (hasMessageId(awaited)) {
        awaited.dueAt = 0; // as soon as the connection is back
        this.sentAgain.set(id, awaited);
      } else {
        awaited.reject(connectionLost('JetStream to store a message'));
      }
    }
  }
}

function hasMessageId(awaited: AwaitedAck): boolean {
  return awaited.headers.has(MSG_ID_HEADER);
}

function isNoResponders(error: unknown): boolean {
  return error instanceof NatsError && error.code === NatsErrorCode.NoResponders;
}

/** The ack in a reply, or the error it stands for (no stream takes the subject, or a refusal). */
function ackOf(message: Msg): PubAck {
  if (message.data.length === 0 && message.headers?.code === NO_RESPONDERS) {
    throw NatsError.errorForCode(NatsErrorCode.NoResponders);
  }
  const body = decodeJson(message.data) as AckBody;
  if (body.error) {
    throw new NatsError(body.error.description, String(body.error.code));
  }
  if (!body.stream || typeof body.seq !== 'number') {
    throw NatsError.errorForCode(NatsErrorCode.JetStreamInvalidAck);
  }
  return {
    stream: body.stream,
    seq: body.seq,
    duplicate: body.duplicate === true,
    domain: body.domain,
  };
}
