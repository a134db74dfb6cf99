import { createHash } from 'node:crypto';
import { PassThrough, Readable, Transform, Writable } from 'node:stream';
import { Splitter } from '@zone-eu/mailsplit';
import { BytesInFlight } from './bytes-in-flight';
import { MAX_MIME_PARTS } from './report-parts';
import { smtpReply } from './smtp-reply';

/** The first bytes of a message, enough for its header section to be checked. */
const HEAD_BYTES = 64 * 1024;

/** A message the intake let through to `body`, whole. */
export interface TakenMessage {
  size: number;
  /** SHA-256 of its bytes, hex. */
  digest: string;
}

/**
 * Receives one message (the DATA of an SMTP transaction) chunk by chunk and passes it on to
 * `body` (the blob store reads it from there), without ever holding it whole. On the way it
 * checks what the listener refuses at DATA, so that a message answered 250 can also be read:
 * its size, its header section, and its MIME structure, which mailparser's own splitter walks
 * with the consumer's limits (MAX_MIME_PARTS). Its bytes count against the bytes in flight until
 * `release`; past their limit the rest is discarded and the message refused with 452.
 */
export class MessageIntake {
  /** What the blob store reads; destroyed with the refusal when the message is refused. */
  readonly body = new PassThrough();
  private readonly hash = createHash('sha256');
  // Its typings declare only its 'data' event; it is a Transform like any other.
  private readonly splitter = new Splitter({
    maxChildNodes: MAX_MIME_PARTS,
  }) as unknown as Transform;
  private readonly splitterDone: Promise<void>;
  private unreadable?: Error;
  private head = Buffer.alloc(0);
  private held = 0;
  private refusal?: Error;

  constructor(
    private readonly inFlight: BytesInFlight,
    private readonly maxBytes: number,
  ) {
    this.splitterDone = new Promise((resolve) => {
      this.splitter.on('data', () => undefined);
      this.splitter.once('end', resolve);
      this.splitter.once('error', (error: Error) => {
        this.unreadable = error;
        resolve();
      });
    });
  }

  /**
   * Reads the whole of `source` (smtp-server needs it drained before it answers), and answers the
   * message once `body` has all of it; throws the SMTP reply that refuses it otherwise.
   */
  async readFrom(source: Readable & { sizeExceeded?: boolean }): Promise<TakenMessage> {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      if (this.refusal) continue;
      if (source.sizeExceeded) this.refuse(this.tooBig());
      else if (!this.inFlight.take(chunk.length)) this.refuse(tooBusy());
      else await this.pass(chunk);
    }
    if (source.sizeExceeded) this.refuse(this.tooBig());
    if (!this.refusal) await this.checkWhole();
    if (this.refusal) throw this.refusal;
    this.body.end();
    return { size: this.held, digest: this.hash.digest('hex') };
  }

  /** The store could not take the message: the rest of it is discarded, and it is refused. */
  storeFailed(): void {
    this.refuse(smtpReply(451, '4.3.0 Temporary failure, try again later'));
  }

  /** Lets go of the bytes this message held in flight (once stored or refused). */
  release(): void {
    this.inFlight.release(this.held);
    this.held = 0;
  }

  private async pass(chunk: Buffer): Promise<void> {
    this.held += chunk.length;
    this.hash.update(chunk);
    if (this.head.length < HEAD_BYTES) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD_BYTES - this.head.length)]);
    }
    if (!this.unreadable) await written(this.splitter, chunk);
    await written(this.body, chunk);
  }

  private async checkWhole(): Promise<void> {
    if (!hasHeaderSection(this.head)) {
      this.refuse(smtpReply(554, '5.6.0 Malformed message: it has no header section'));
      return;
    }
    this.splitter.end();
    await this.splitterDone;
    if (this.unreadable) {
      this.refuse(
        smtpReply(552, `5.3.4 Message too complex to process: ${this.unreadable.message}`),
      );
    }
  }

  private refuse(reply: Error): void {
    this.refusal ??= reply;
    this.body.destroy(this.refusal);
    if (!this.unreadable) this.splitter.destroy();
  }

  private tooBig(): Error {
    return smtpReply(552, `5.3.4 Message too big: the limit is ${this.maxBytes} bytes`);
  }
}

function tooBusy(): Error {
  return smtpReply(452, '4.3.1 Insufficient system storage, try again later');
}

/** Writes `chunk`, and waits while the stream wants no more (until it drains or is closed). */
function written(stream: Writable, chunk: Buffer): Promise<void> {
  if (stream.destroyed || stream.write(chunk)) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

/** At least one `Name: value` line before the first blank line (RFC 5322 section 2.2). */
function hasHeaderSection(head: Buffer): boolean {
  const text = head.toString('latin1');
  const end = text.search(/\r?\n\r?\n/);
  const header = end === -1 ? text : text.slice(0, end);
  return /^[\x21-\x39\x3b-\x7e]+:/m.test(header);
}
