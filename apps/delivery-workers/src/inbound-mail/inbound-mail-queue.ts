import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { ReadableStream } from 'node:stream/web';
import { Injectable, Logger } from '@nestjs/common';
import { InboundEmailJob, Jobs } from '@clarion/contracts';
import { BlobStore, MessagingClient } from '@clarion/messaging';
import { describeError } from '../delivery/describe-error';
import { TakenMessage } from './message-intake';

/** The SMTP envelope of an accepted message. */
export type InboundEnvelope = Omit<InboundEmailJob, 'blob' | 'receivedAt' | 'size'>;

/** A message being written to the blob store as it arrives. */
export interface StoringMessage {
  blob: string;
  /** Settles once the blob store has all of it (or rejects, having removed what it had). */
  stored: Promise<void>;
}

/**
 * Makes an accepted message durable before the listener says 250: its bytes in the blob store,
 * streamed there while they arrive, then a job naming them on the DELIVERY stream. The job is
 * keyed by the message's hash, so a client that hands the same message over again (it missed
 * our 250) queues it once; the second copy's blob is removed.
 */
@Injectable()
export class InboundMailQueue {
  private readonly logger = new Logger(InboundMailQueue.name);

  constructor(
    private readonly blobs: BlobStore,
    private readonly messaging: MessagingClient,
  ) {}

  /** Starts storing what `body` yields, under a name of its own. */
  store(body: Readable): StoringMessage {
    const blob = `inbound-mail/${randomUUID()}`;
    const web = Readable.toWeb(body) as ReadableStream<Uint8Array>;
    return { blob, stored: this.blobs.putStream(blob, web as globalThis.ReadableStream) };
  }

  /** Queues a stored message; answers the queue id the listener reports to the client. */
  async enqueue(blob: string, message: TakenMessage, envelope: InboundEnvelope): Promise<string> {
    const digest = createHash('sha256')
      .update(message.digest)
      .update(envelope.recipients.join(','))
      .digest('hex');
    const job: InboundEmailJob = {
      blob,
      ...envelope,
      receivedAt: new Date().toISOString(),
      size: message.size,
    };
    const ack = await this.messaging.publishJob(Jobs.inboundEmail, job, {
      msgId: `inbound-mail/${digest}`,
    });
    if (ack.duplicate) await this.discard(blob);
    return digest.slice(0, 16);
  }

  /** Removes a blob no job will name; what cannot be removed now expires with the others. */
  async discard(blob: string): Promise<void> {
    await this.blobs.delete(blob).catch((error: unknown) => {
      this.logger.debug(`could not remove ${blob}: ${describeError(error)}`);
    });
  }
}
