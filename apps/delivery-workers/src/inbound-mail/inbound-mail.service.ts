import { Injectable, Logger } from '@nestjs/common';
import { Context } from '@opentelemetry/api';
import { simpleParser } from 'mailparser';
import { InboundEmailJob } from '@clarion/contracts';
import { BlobStore } from '@clarion/messaging';
import { returnPathTokenOf } from '../email/return-path';
import { InboxMail } from './inbox-mail';
import { REPORT_PARSER_OPTIONS } from './report-parts';
import { ReturnedMail } from './returned-mail';

/**
 * Reads a message the SMTP listener accepted and hands it, once per recipient, to what that
 * recipient is: the return path of a sent message (reports) or an inbox (inbound mail).
 */
@Injectable()
export class InboundMailService {
  private readonly logger = new Logger(InboundMailService.name);

  constructor(
    private readonly blobs: BlobStore,
    private readonly inboxes: InboxMail,
    private readonly returned: ReturnedMail,
  ) {}

  async handle(job: InboundEmailJob, traceContext: Context): Promise<void> {
    const raw = await this.blobs.get(job.blob);
    if (!raw) {
      // Blobs are kept 7 days: only a job left that long can miss its message.
      this.logger.error(`inbound message ${job.blob} is no longer stored; it was dropped`);
      return;
    }
    const mail = await simpleParser(Buffer.from(raw), REPORT_PARSER_OPTIONS);
    for (const recipient of job.recipients) {
      const token = returnPathTokenOf(recipient);
      await (token === undefined
        ? this.inboxes.receive(recipient, mail, job, traceContext)
        : this.returned.receive(token, mail, traceContext));
    }
  }
}
