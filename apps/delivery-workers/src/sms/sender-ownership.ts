import { Injectable } from '@nestjs/common';
import { Requests, SmsDeliveryJob } from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { toE164 } from '../twilio/phone-number';

/**
 * Whether a send's sender override is still a number of its account when it is delivered: the
 * gateway checked it at acceptance, but a scheduled or queued send may outlive the number (the
 * account released it). Asked only for jobs that name a sender.
 */
@Injectable()
export class SenderOwnership {
  constructor(private readonly messaging: MessagingClient) {}

  /** Why the job must not be sent from its `from`; undefined when it names none or its own. */
  async refusal(job: SmsDeliveryJob): Promise<string | undefined> {
    const from = job.content.from;
    if (from === undefined || from.trim() === '') return undefined;
    const phoneNumber = toE164(from);
    const route = phoneNumber
      ? await this.messaging.request(Requests.routeNumber, { phoneNumber })
      : {};
    // The shared number is every account's: voice texts from it when the call was placed from it.
    return route.shared || route.accountId === job.accountId
      ? undefined
      : `the from number ${from} is no longer a number of the account (released?)`;
  }
}
