import { SmsDeliveryJob, toE164 } from '@clarion/contracts';
import {
  AttemptContext,
  FailedOutcome,
  ProviderOutcome,
  RetryOutcome,
} from '../delivery/provider-outcome';
import { AccountNumbers } from './account-numbers';
import { TwilioClient } from './twilio-client';
import { twilioCallbackUrl } from './twilio-config';
import { failedOutcome, outcomeOfFailure, sentOutcome } from './twilio-outcome';
import { UNKNOWN_FAILED_CODE } from './twilio-failure-codes';

type Sender = { from: string } | { outcome: RetryOutcome | FailedOutcome };

/**
 * Sends SMS and MMS through Twilio's Messages API. The sender is the configured number, or
 * the send's `from` when it is a number of the Twilio account.
 */
export class TwilioSmsAdapter {
  constructor(
    private readonly client: TwilioClient,
    private readonly accountNumbers: AccountNumbers,
  ) {}

  // Twilio's Messages API takes no idempotency key, so the attempt context is not used.
  async send(job: SmsDeliveryJob, _context: AttemptContext): Promise<ProviderOutcome> {
    const { message, mediaUrls = [], from } = job.content;
    const to = recipientNumber(job.recipient.number);
    if ('outcome' in to) return to.outcome;
    if (!message?.trim() && mediaUrls.length === 0) {
      return failedOutcome('MISSING_SMS_MESSAGE', 'the SMS has no message or media');
    }
    const sender = await this.senderFor(from);
    if ('outcome' in sender) return sender.outcome;
    return this.createMessage(to.number, sender.from, message, mediaUrls, true);
  }

  /** Answers a user who texted `from`'s number (the account's) from `to`. */
  async sendReply(from: string, to: string, body: string): Promise<ProviderOutcome> {
    const recipient = recipientNumber(to);
    if ('outcome' in recipient) return recipient.outcome;
    if (!body.trim()) return failedOutcome('MISSING_SMS_MESSAGE', 'the auto-reply has no message');
    // Nothing tracks a reply, so Twilio is not asked to report its status.
    return this.createMessage(recipient.number, from, body, [], false);
  }

  private async createMessage(
    to: string,
    from: string,
    body: string | undefined,
    mediaUrls: readonly string[],
    reportStatus: boolean,
  ): Promise<ProviderOutcome> {
    const result = await this.client.createMessage({
      to,
      from,
      body,
      mediaUrls,
      statusCallback: reportStatus
        ? twilioCallbackUrl(this.client.config, 'sms-status')
        : undefined,
    });
    if (!result.ok) return outcomeOfFailure(result.failure);
    const { sid, numSegments } = result.value;
    return sentOutcome(sid, {
      from,
      messageId: sid,
      mms: mediaUrls.length > 0,
      segments: numSegments,
    });
  }

  private async senderFor(override: string | undefined): Promise<Sender> {
    const configured = this.client.config.fromNumber;
    if (override === undefined || override.trim() === '') return { from: configured };
    const notOurs = failedOutcome(
      UNKNOWN_FAILED_CODE,
      `the from number ${override} is not a number of the Twilio account`,
    );
    const number = toE164(override);
    if (number === undefined) return { outcome: notOurs };
    if (number === configured) return { from: number };
    const check = await this.accountNumbers.check(number);
    if ('outcome' in check) return check;
    return check.owned ? { from: number } : { outcome: notOurs };
  }
}

function recipientNumber(
  written: string | undefined,
): { number: string } | { outcome: FailedOutcome } {
  if (!written?.trim()) {
    return { outcome: failedOutcome('MISSING_SMS_RECIPIENT', 'the user has no phone number') };
  }
  const number = toE164(written);
  return number === undefined
    ? { outcome: failedOutcome('INVALID_PHONE_NUMBER', `${written} is not an E.164 phone number`) }
    : { number };
}
