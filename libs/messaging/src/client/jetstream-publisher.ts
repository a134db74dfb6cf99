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

/** How long a publish waits for JetStream's ack, as the client's own publish does by default. */
const ACK_TIMEOUT_MS = 5_000;
const SWEEP_EVERY_MS = 250;
const NO_RESPONDERS = 503;

interface AwaitedAck {
  readonly resolve: (ack: PubAck) => void;
  readonly reject: (error: unknown) => void;
  readonly deadline: number;
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
 * the client, and its ack is matched by a counter; a sweep fails the acks overdue. While the
 * connection is down a publish fails at once, and the acks awaited when it drops fail with it
 * (none of them can arrive any more): the caller hears "not now" rather than waiting 5 s.
 */
export class JetStreamPublisher {
  private readonly inbox = createInbox();
  private readonly awaited = new Map<number, AwaitedAck>();
  private subscription?: Subscription;
  private sweeper?: NodeJS.Timeout;
  private sent = 0;

  constructor(
    private readonly connection: NatsConnection,
    private readonly connectionState: ConnectionState,
  ) {
    connectionState.onDrop(() => this.failAwaited());
  }

  publish(subject: string, data: Uint8Array, headers: MsgHdrs): Promise<PubAck> {
    return new Promise<PubAck>((resolve, reject) => {
      this.connectionState.assertUp(); // a throw rejects the publish
      this.listen();
      const id = ++this.sent;
      this.awaited.set(id, { resolve, reject, deadline: Date.now() + ACK_TIMEOUT_MS });
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
    this.sweeper = setInterval(() => this.failOverdue(), SWEEP_EVERY_MS);
    this.sweeper.unref();
  }

  private settle(message: Msg): void {
    const id = Number(message.subject.slice(this.inbox.length + 1));
    const awaited = this.awaited.get(id);
    if (!awaited) return;
    this.awaited.delete(id);
    try {
      awaited.resolve(ackOf(message));
    } catch (error) {
      awaited.reject(error);
    }
  }

  /** Acks are awaited in the order they were published, so the overdue ones come first. */
  private failOverdue(): void {
    const now = Date.now();
    for (const [id, awaited] of this.awaited) {
      if (awaited.deadline > now) return;
      this.awaited.delete(id);
      awaited.reject(NatsError.errorForCode(NatsErrorCode.Timeout));
    }
  }

  private failAwaited(): void {
    const awaited = [...this.awaited.values()];
    this.awaited.clear();
    for (const { reject } of awaited) reject(connectionLost('JetStream to store a message'));
  }
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
