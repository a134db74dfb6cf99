import { Inject, Injectable } from '@nestjs/common';
import { SendSmsContentDto, SmsDeliveryJob } from '@clarion/contracts';
import { OutboundGuard } from '@clarion/outbound';
import { ChannelDelivery, DeliveryAddress } from '../delivery/channel-delivery';
import { phoneAddressesOf } from '../twilio/phone-number';
import { SMS_PROVIDER } from '../delivery/delivery.tokens';
import { AttemptContext, ProviderOutcome } from '../delivery/provider-outcome';
import { SenderOwnership } from './sender-ownership';

/** Twilio (or the sandbox when no Twilio account is configured). */
export interface SmsProvider {
  readonly provider: 'twilio' | 'sandbox';
  send(job: SmsDeliveryJob, ctx: AttemptContext): Promise<ProviderOutcome>;
}

@Injectable()
export class SmsChannel implements ChannelDelivery<SendSmsContentDto> {
  readonly channel = 'sms';
  readonly gaveUpCode = 'Unknown';
  readonly noAddressCode = 'MISSING_SMS_RECIPIENT';
  /** Twilio's Messages API has no idempotency key: a message is never sent twice blindly. */
  readonly resendsSafely = false;

  constructor(
    @Inject(SMS_PROVIDER) private readonly sender: SmsProvider,
    private readonly guard: OutboundGuard,
    private readonly senders: SenderOwnership,
  ) {}

  addressesOf(job: SmsDeliveryJob): DeliveryAddress[] {
    return phoneAddressesOf(job.recipient.number);
  }

  providerOf(): string {
    return this.sender.provider;
  }

  async deliver(
    job: SmsDeliveryJob,
    _address: DeliveryAddress,
    ctx: AttemptContext,
  ): Promise<ProviderOutcome> {
    const refused = await this.refusedMedia(job.content.mediaUrls ?? []);
    if (refused) return { status: 'failed', code: 'Unknown', reason: refused };
    const senderRefused = await this.senders.refusal(job);
    if (senderRefused) return senderRefused;
    const outcome = await this.sender.send(job, ctx);
    if (outcome.status !== 'sent') return outcome;
    // What an inbound reply to this message needs: the sender it came from and the auto-reply.
    const from = outcome.fields?.['from'];
    return {
      ...outcome,
      details: { ...outcome.details, from, autoReply: job.content.autoReply?.message },
    };
  }

  /** Carriers fetch MMS media on the customer's behalf: the same outbound rules apply. */
  private async refusedMedia(mediaUrls: string[]): Promise<string | undefined> {
    for (const url of mediaUrls) {
      const refusal = await this.guard.assertAllowed(url).then(
        () => undefined,
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      );
      if (refusal) return refusal;
    }
    return undefined;
  }
}
