import { Inject, Injectable, Logger } from '@nestjs/common';
import { Context } from '@opentelemetry/api';
import { simpleParser } from 'mailparser';
import { InboundEmailJob } from '@clarion/contracts';
import { BlobStore } from '@clarion/messaging';
import { returnPathTokenOf } from '../email/return-path';
import { BytesBeingRead } from './bytes-being-read';
import { INBOUND_MAIL_SETTINGS, InboundMailSettings } from './inbound-mail-settings';
import { isPostmasterOf } from './inbound-recipients';
import { InboxMail } from './inbox-mail';
import { REPORT_PARSER_OPTIONS } from './report-parts';
import { ReturnedMail } from './returned-mail';

/**
 * Reads a message the SMTP listener accepted and hands it, once per recipient, to what that
 * recipient is: the return path of a sent message (reports) or an inbox (inbound mail). Mail to
 * postmaster is logged for the operator, and its message kept as long as blobs are.
 */
@Injectable()
export class InboundMailService {
  private readonly logger = new Logger(InboundMailService.name);
  /** Bytes of messages parsed at once: a batch of large ones is read a few at a time. */
  private readonly reading = new BytesBeingRead(32 * 1024 * 1024);

  constructor(
    @Inject(INBOUND_MAIL_SETTINGS) private readonly settings: InboundMailSettings,
    private readonly blobs: BlobStore,
    private readonly inboxes: InboxMail,
    private readonly returned: ReturnedMail,
  ) {}

  handle(job: InboundEmailJob, traceContext: Context): Promise<void> {
    return this.reading.whileHolding(job.size, () => this.read(job, traceContext));
  }

  private async read(job: InboundEmailJob, traceContext: Context): Promise<void> {
    const raw = await this.blobs.get(job.blob);
    if (!raw) {
      // Blobs are kept 7 days: only a job left that long can miss its message.
      this.logger.error(`inbound message ${job.blob} is no longer stored; it was dropped`);
      return;
    }
    const bytes = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
    const mail = await simpleParser(bytes, REPORT_PARSER_OPTIONS);
    const ownDomains = [this.settings.inboxDomain, this.settings.hostname];
    for (const recipient of job.recipients) {
      if (isPostmasterOf(recipient, ownDomains)) {
        this.logger.warn(
          `mail to ${recipient} from ${mail.from?.text ?? job.mailFrom}, "${mail.subject ?? ''}": ` +
            `stored 7 days as blob ${job.blob}`,
        );
        continue;
      }
      const token = returnPathTokenOf(recipient);
      await (token === undefined
        ? this.inboxes.receive(recipient, mail, job, traceContext)
        : this.returned.receive(token, mail, traceContext));
    }
  }
}
