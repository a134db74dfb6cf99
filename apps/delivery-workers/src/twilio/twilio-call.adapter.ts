import { CallDeliveryJob, toE164 } from '@clarion/contracts';
import { AttemptContext, ProviderOutcome } from '../delivery/provider-outcome';
import { sayTwiml } from './say-twiml';
import { TwilioClient } from './twilio-client';
import { twilioCallbackUrl } from './twilio-config';
import { UNKNOWN_FAILED_CODE } from './twilio-failure-codes';
import { failedOutcome, outcomeOfFailure, sentOutcome } from './twilio-outcome';

/**
 * Places voice calls through Twilio's Calls API that speak the send's message from the
 * configured number. Twilio reports how the call ended to the gateway's call-status route.
 */
export class TwilioCallAdapter {
  constructor(private readonly client: TwilioClient) {}

  // Twilio's Calls API takes no idempotency key, so the attempt context is not used.
  async send(job: CallDeliveryJob, _context: AttemptContext): Promise<ProviderOutcome> {
    const written = job.recipient.number;
    if (!written?.trim()) return failedOutcome('NO_ADDRESS', 'the user has no phone number');
    const to = toE164(written);
    if (to === undefined) {
      return failedOutcome('INVALID_PHONE_NUMBER', `${written} is not an E.164 phone number`);
    }
    const message = job.content.message;
    if (!message?.trim())
      return failedOutcome(UNKNOWN_FAILED_CODE, 'the call has no message to say');

    const from = this.client.config.fromNumber;
    const result = await this.client.createCall({
      to,
      from,
      twiml: sayTwiml(message),
      statusCallback: twilioCallbackUrl(this.client.config, 'call-status'),
    });
    if (!result.ok) return outcomeOfFailure(result.failure);
    return sentOutcome(result.value.sid, { from });
  }
}
