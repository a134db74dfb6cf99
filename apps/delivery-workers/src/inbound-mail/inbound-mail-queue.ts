import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InboundEmailJob, Jobs } from '@clarion/contracts';
import { BlobStore, MessagingClient } from '@clarion/messaging';

/** The SMTP envelope of an accepted message. */
export type InboundEnvelope = Omit<InboundEmailJob, 'blob' | 'receivedAt' | 'size'>;

/**
 * Makes an accepted message durable before the listener says 250: its bytes in the blob store,
 * then a job naming them on the DELIVERY stream. Both are keyed by the message's hash, so a client
 * that hands the same message over again (it missed our 250) stores and queues it once.
 */
@Injectable()
export class InboundMailQueue {
  constructor(
    private readonly blobs: BlobStore,
    private readonly messaging: MessagingClient,
  ) {}

  /** Answers the queue id the listener reports to the client. */
  async enqueue(raw: Buffer, envelope: InboundEnvelope): Promise<string> {
    const digest = createHash('sha256')
      .update(raw)
      .update(envelope.recipients.join(','))
      .digest('hex');
    const blob = `inbound-mail/${digest}`;
    await this.blobs.put(blob, raw);
    const job: InboundEmailJob = {
      blob,
      ...envelope,
      receivedAt: new Date().toISOString(),
      size: raw.length,
    };
    await this.messaging.publishJob(Jobs.inboundEmail, job, { msgId: blob });
    return digest.slice(0, 16);
  }
}
