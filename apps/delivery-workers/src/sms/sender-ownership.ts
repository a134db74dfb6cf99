import { Injectable } from '@nestjs/common';
import { PhoneNumberRouteReply, Requests, SmsDeliveryJob, toE164 } from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { FailedOutcome, RetryOutcome } from '../delivery/provider-outcome';

/**
 * Whether a send's sender override is still a number of its account when it is delivered: the
 * gateway checked it at acceptance, but a scheduled or queued send may outlive the number (the
 * account released it). Asked only for jobs that name a sender.
 */
@Injectable()
export class SenderOwnership {
  constructor(private readonly messaging: MessagingClient) {}

  /**
   * Why the job must not be sent now: failed when its `from` is not a number of its account,
   * retry when numbers did not answer (nothing was sent, so trying again is safe); undefined when
   * it names no sender, or one of its account's or the shared number.
   */
  async refusal(job: SmsDeliveryJob): Promise<FailedOutcome | RetryOutcome | undefined> {
    const from: unknown = job.content.from;
    if (typeof from !== 'string' || from.trim() === '') return undefined;
    const phoneNumber = toE164(from);
    let route: PhoneNumberRouteReply = {};
    try {
      if (phoneNumber) route = await this.messaging.request(Requests.routeNumber, { phoneNumber });
    } catch (error) {
      return { status: 'retry', reason: `numbers did not say whose ${from} is: ${String(error)}` };
    }
    // The shared number is every account's: voice texts from it when the call was placed from it.
    if (route.shared || route.accountId === job.accountId) return undefined;
    return {
      status: 'failed',
      code: 'SENDER_NOT_OWNED',
      reason: `the from number ${from} is no longer a number of the account (released?)`,
    };
  }
}
