import { StreamName } from '@clarion/contracts';
import { JsMsg, MsgHdrs, NatsConnection, headers as natsHeaders } from 'nats';
import { Namespacer } from '../connection/namespacer';

export interface DeadLetterSummary {
  /** Its sequence in the dead-letter stream: what `replay` and `drop` take. */
  sequence: number;
  /** The durable consumer that gave up on it. */
  consumer: string;
  /** Where it was published, and where a replay publishes it again. */
  originalSubject: string;
  reason: string;
  deliveries: number;
  deadLetteredAt: string;
  bytes: number;
  /** The start of its body, to tell letters apart. */
  preview: string;
}

/** Which dead letters a command acts on: one, one consumer's, or all. */
export type DeadLetterSelection = { sequence: number } | { consumer: string } | { all: true };

const PREVIEW_CHARS = 200;
const READ_WAIT_MS = 2_000;

/**
 * The operator's view of the dead-letter stream: list what was given up on and why, publish a
 * letter again to the subject it came from (its consumer takes it with all its attempts ahead of
 * it), or drop it for good.
 */
export class DeadLetters {
  private readonly names: Namespacer;

  constructor(
    private readonly connection: NatsConnection,
    namespace: string,
  ) {
    this.names = new Namespacer({ namespace });
  }

  async list(consumer?: string): Promise<DeadLetterSummary[]> {
    const summaries: DeadLetterSummary[] = [];
    for await (const letter of this.read(consumer === undefined ? { all: true } : { consumer }))
      summaries.push(this.summaryOf(letter));
    return summaries;
  }

  async replay(selection: DeadLetterSelection): Promise<{ replayed: number[] }> {
    const jetstream = this.connection.jetstream();
    const manager = await this.connection.jetstreamManager();
    const replayed: number[] = [];
    for await (const letter of this.read(selection)) {
      const original = letter.headers?.get('Clarion-Original-Subject');
      if (!original) continue;
      await jetstream.publish(original, letter.data, {
        headers: replayHeaders(letter),
        // A replay interrupted before the letter was dropped publishes it once only.
        msgID: `replay:${letter.seq}`,
      });
      await manager.streams.deleteMessage(this.stream, letter.seq, false);
      replayed.push(letter.seq);
    }
    return { replayed };
  }

  async drop(selection: DeadLetterSelection): Promise<{ dropped: number[] }> {
    const manager = await this.connection.jetstreamManager();
    const dropped: number[] = [];
    for await (const letter of this.read(selection)) {
      await manager.streams.deleteMessage(this.stream, letter.seq, false);
      dropped.push(letter.seq);
    }
    return { dropped };
  }

  private get stream(): string {
    return this.names.stream(StreamName.DEAD_LETTER);
  }

  /** The letters selected, oldest first, read once through an ordered consumer. */
  private async *read(selection: DeadLetterSelection): AsyncGenerator<JsMsg> {
    const manager = await this.connection.jetstreamManager();
    const info = await manager.streams.info(this.stream).catch(() => undefined);
    if (!info || info.state.messages === 0) return;
    if ('sequence' in selection) {
      const stored = await manager.streams
        .getMessage(this.stream, { seq: selection.sequence })
        .catch(() => undefined);
      if (!stored) throw new Error(`No dead letter has sequence ${selection.sequence}`);
    }
    const consumer = await this.connection.jetstream().consumers.get(this.stream, {
      filterSubjects: this.filterOf(selection),
      ...('sequence' in selection && { opt_start_seq: selection.sequence }),
    });
    for (;;) {
      const letter = await consumer.next({ expires: READ_WAIT_MS });
      if (!letter) return;
      if ('sequence' in selection && letter.seq !== selection.sequence) return;
      yield letter;
      if ('sequence' in selection || letter.info.pending === 0) return;
    }
  }

  private filterOf(selection: DeadLetterSelection): string {
    const prefix = this.names.subject('dlq');
    return 'consumer' in selection ? `${prefix}.*.${selection.consumer}` : `${prefix}.>`;
  }

  private summaryOf(letter: JsMsg): DeadLetterSummary {
    const header = (name: string) => letter.headers?.get(name) ?? '';
    return {
      sequence: letter.seq,
      consumer: letter.subject.split('.').pop() ?? '',
      originalSubject: header('Clarion-Original-Subject'),
      reason: header('Clarion-Reason'),
      deliveries: Number(header('Clarion-Deliveries')) || 0,
      deadLetteredAt: header('Clarion-Dead-Lettered-At'),
      bytes: letter.data.length,
      preview: new TextDecoder()
        .decode(letter.data.subarray(0, PREVIEW_CHARS * 4))
        .slice(0, PREVIEW_CHARS),
    };
  }
}

/** The original's headers (its trace context) without the dead letter's own. */
function replayHeaders(letter: JsMsg): MsgHdrs {
  const replay = natsHeaders();
  for (const [key, values] of letter.headers ?? []) {
    if (key.startsWith('Clarion-') || key.startsWith('Nats-')) continue;
    values.forEach((value) => replay.append(key, value));
  }
  replay.set('Clarion-Replayed-From', String(letter.seq));
  return replay;
}
