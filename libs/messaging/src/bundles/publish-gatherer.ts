import { headers as natsHeaders, MsgHdrs, PubAck } from 'nats';
import { bundleBody, bundleMsgId, PARTS_HEADER, PartToBundle } from './bundle-format';

const MSG_ID_HEADER = 'Nats-Msg-Id';
/** Parts in one bundle: a consumer's batch (250 sends, 500 events) holds several bundles. */
const MAX_PARTS_PER_BUNDLE = 100;
/** Well below the server's 1 MB max_payload; a larger part goes alone. */
const MAX_BUNDLE_BYTES = 256 * 1024;
/** Bundles of one subject awaiting their ack at once; what arrives meanwhile waits for the next. */
const MAX_IN_FLIGHT_PER_SUBJECT = 2;

type StoreMessage = (subject: string, data: Uint8Array, headers: MsgHdrs) => Promise<PubAck>;

interface WaitingPart extends PartToBundle {
  readonly resolve: (ack: PubAck) => void;
  readonly reject: (error: unknown) => void;
}

interface SubjectQueue {
  readonly waiting: WaitingPart[];
  inFlight: number;
  flushScheduled: boolean;
}

const encoder = new TextEncoder();

/**
 * Gathers the messages published to one subject in the same turn of the event loop into one
 * bundle (see bundle-format.ts): with JetStream syncing every stored message to disk, a message
 * is an fsync, so the sends of a busy gateway share one. A lone message still goes out on its
 * own and at once (the turn it was published in), exactly as before. While two bundles of a
 * subject await their ack, what arrives waits for one of them, like a database's group commit:
 * the busier the subject, the larger its bundles, never a timer.
 */
export class PublishGatherer {
  private readonly queues = new Map<string, SubjectQueue>();

  constructor(private readonly store: StoreMessage) {}

  publish(subject: string, part: PartToBundle): Promise<PubAck> {
    return new Promise<PubAck>((resolve, reject) => {
      const queue = this.queueOf(subject);
      queue.waiting.push({ ...part, resolve, reject });
      this.scheduleFlush(subject, queue);
    });
  }

  private queueOf(subject: string): SubjectQueue {
    let queue = this.queues.get(subject);
    if (!queue) {
      queue = { waiting: [], inFlight: 0, flushScheduled: false };
      this.queues.set(subject, queue);
    }
    return queue;
  }

  private scheduleFlush(subject: string, queue: SubjectQueue): void {
    if (queue.flushScheduled || queue.inFlight >= MAX_IN_FLIGHT_PER_SUBJECT) return;
    if (queue.waiting.length === 0) return;
    queue.flushScheduled = true;
    setImmediate(() => {
      queue.flushScheduled = false;
      this.flush(subject, queue);
    });
  }

  private flush(subject: string, queue: SubjectQueue): void {
    while (queue.waiting.length > 0 && queue.inFlight < MAX_IN_FLIGHT_PER_SUBJECT) {
      const parts = takeBundle(queue.waiting);
      queue.inFlight++;
      void this.storeBundle(subject, parts).finally(() => {
        queue.inFlight--;
        this.scheduleFlush(subject, queue);
      });
    }
  }

  private async storeBundle(subject: string, parts: WaitingPart[]): Promise<void> {
    try {
      const ack = await this.store(subject, ...messageOf(parts));
      parts.forEach((part) => part.resolve(ack));
    } catch (error) {
      parts.forEach((part) => part.reject(error));
    }
  }
}

/** The first parts waiting, as many as fit one bundle (always at least one). */
function takeBundle(waiting: WaitingPart[]): WaitingPart[] {
  let count = 0;
  let bytes = 0;
  for (const part of waiting) {
    bytes += part.json.length;
    if (count === MAX_PARTS_PER_BUNDLE || (count > 0 && bytes > MAX_BUNDLE_BYTES)) break;
    count++;
  }
  return waiting.splice(0, count);
}

/** A lone part is a plain message, as if never gathered; several are a bundle. */
function messageOf(parts: readonly WaitingPart[]): [Uint8Array, MsgHdrs] {
  const headers = natsHeaders();
  if (parts.length === 1) {
    const [part] = parts as [WaitingPart];
    for (const [key, value] of Object.entries(part.traceHeaders)) headers.set(key, value);
    headers.set(MSG_ID_HEADER, part.msgId);
    return [encoder.encode(part.json), headers];
  }
  headers.set(MSG_ID_HEADER, bundleMsgId(parts));
  headers.set(PARTS_HEADER, String(parts.length));
  return [encoder.encode(bundleBody(parts)), headers];
}
