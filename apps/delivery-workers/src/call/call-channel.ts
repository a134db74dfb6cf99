import { Inject, Injectable } from '@nestjs/common';
import { CallDeliveryJob, SendCallContentDto } from '@clarion/contracts';
import { ChannelDelivery, DeliveryAddress } from '../delivery/channel-delivery';
import { phoneAddressesOf } from '../twilio/phone-number';
import { CALL_PROVIDER } from '../delivery/delivery.tokens';
import { AttemptContext, ProviderOutcome } from '../delivery/provider-outcome';

/** Twilio voice (or the sandbox when no Twilio account is configured). */
export interface CallProvider {
  readonly provider: 'twilio' | 'sandbox';
  send(job: CallDeliveryJob, ctx: AttemptContext): Promise<ProviderOutcome>;
}

@Injectable()
export class CallChannel implements ChannelDelivery<SendCallContentDto> {
  readonly channel = 'call';
  readonly gaveUpCode = 'Unknown';
  readonly noAddressCode = 'MISSING_SMS_RECIPIENT';
  /** A call placed twice rings twice: never resent blindly. */
  readonly resendsSafely = false;

  constructor(@Inject(CALL_PROVIDER) private readonly sender: CallProvider) {}

  addressesOf(job: CallDeliveryJob): DeliveryAddress[] {
    return phoneAddressesOf(job.recipient.number);
  }

  providerOf(): string {
    return this.sender.provider;
  }

  deliver(job: CallDeliveryJob, _address: DeliveryAddress, ctx: AttemptContext) {
    return this.sender.send(job, ctx);
  }
}
