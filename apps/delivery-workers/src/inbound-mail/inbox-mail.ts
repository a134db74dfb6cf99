import { createHash } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { Context } from '@opentelemetry/api';
import type { ParsedMail } from 'mailparser';
import { v7 as uuidv7 } from 'uuid';
import { InboundEmailJob } from '@clarion/contracts';
import { StoredAttempt } from '../delivery/delivery-attempt';
import { DeliveryAttemptsRepository } from '../delivery/delivery-attempts.repository';
import { DeliveryEvents, StepSubject, stepSubjectOfAttempt } from '../delivery/delivery-events';
import { InboxAddress, InboxAddressesRepository } from '../inboxes/inbox-addresses.repository';
import { answeredMessageIdsOf, inboundMessageFields } from './inbound-message-fields';

/**
 * Mail to one of the inboxes (spec 4.2 Addresses) as an EMAIL_INBOUND event. A reply to a message
 * Clarion sent for the same environment (its In-Reply-To or References names the Message-ID) is
 * threaded to that send: its trackingId and user. Any other message is a log record of its own.
 */
@Injectable()
export class InboxMail {
  private readonly logger = new Logger(InboxMail.name);

  constructor(
    private readonly inboxes: InboxAddressesRepository,
    private readonly attempts: DeliveryAttemptsRepository,
    private readonly events: DeliveryEvents,
  ) {}

  async receive(
    address: string,
    mail: ParsedMail,
    job: InboundEmailJob,
    traceContext: Context,
  ): Promise<void> {
    const inbox = await this.inboxes.findByFullAddress(address);
    if (!inbox) {
      // Deleted (or its domain unverified) between RCPT TO and now: the customer let it go.
      this.logger.warn(
        `mail to ${address}, which is no longer an inbox, was dropped (${job.blob})`,
      );
      return;
    }
    const answered = await this.answeredAttempt(inbox, mail);
    const resolution = answered ? 'reply' : inbox.type;
    const subject: StepSubject = answered
      ? stepSubjectOfAttempt(answered, 'email')
      : {
          trackingIds: [inboundTrackingIdOf(job, address)],
          accountId: inbox.accountId,
          envId: inbox.envId,
          channel: 'email',
        };
    await this.events.publishStep(
      subject,
      'inbound',
      { fields: inboundMessageFields(mail, inbox.fullAddress, resolution) },
      { occurrence: occurrenceOf(job, address), traceContext },
    );
  }

  /** The send this message answers, when it is one of the inbox's own environment. */
  private async answeredAttempt(
    inbox: InboxAddress,
    mail: ParsedMail,
  ): Promise<StoredAttempt | undefined> {
    const attempt = await this.attempts.findEmailByMessageIds(answeredMessageIdsOf(mail));
    const sameTenant = attempt?.accountId === inbox.accountId && attempt.envId === inbox.envId;
    return sameTenant ? attempt : undefined;
  }
}

/** One message to one inbox: the same however often the job is handled. */
function occurrenceOf(job: InboundEmailJob, address: string): string {
  return digestOf(`${job.blob}:${address}`).toString('hex').slice(0, 32);
}

/**
 * The trackingId of a message that answers no send: time-ordered by when it arrived (log records
 * are listed by trackingId) and derived from the message, so handling the job again keeps it.
 */
export function inboundTrackingIdOf(job: InboundEmailJob, address: string): string {
  const random = digestOf(`${job.blob}:${address}:trackingId`).subarray(0, 16);
  return uuidv7({ msecs: Date.parse(job.receivedAt), random });
}

function digestOf(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
