import { Injectable } from '@nestjs/common';
import { SendWebPushContentDto, WebPushDeliveryJob, WebPushTokenDto } from '@clarion/contracts';
import { ChannelDelivery, DeliveryAddress } from '../delivery/channel-delivery';
import { DeadAddresses } from '../delivery/dead-addresses';
import { AttemptContext, ProviderOutcome } from '../delivery/provider-outcome';
import { VapidKeysRepository } from './vapid-keys.repository';
import { WebPushAdapter } from './web-push.adapter';

export interface SubscriptionAddress extends DeliveryAddress {
  subscription: WebPushTokenDto;
}

/** Every browser subscription of the user, signed with the environment's VAPID keys. */
@Injectable()
export class WebPushChannel implements ChannelDelivery<SendWebPushContentDto, SubscriptionAddress> {
  readonly channel = 'web_push';
  readonly gaveUpCode = 'UNKNOWN';
  readonly noAddressCode = 'NO_ADDRESS';
  /** A resend carries the same Topic, so the push service replaces rather than repeats it. */
  readonly resendsSafely = true;

  constructor(
    private readonly adapter: WebPushAdapter,
    private readonly vapidKeys: VapidKeysRepository,
    private readonly deadAddresses: DeadAddresses,
  ) {}

  addressesOf(job: WebPushDeliveryJob): SubscriptionAddress[] {
    return (job.recipient.webPushTokens ?? []).map((subscription) => ({
      address: subscription.sub.endpoint,
      subscription,
    }));
  }

  providerOf(): string {
    return 'webpush';
  }

  async deliver(
    job: WebPushDeliveryJob,
    { subscription }: SubscriptionAddress,
    ctx: AttemptContext,
  ): Promise<ProviderOutcome> {
    const keys = await this.vapidKeys.keysOf(job);
    return this.adapter.send(job, subscription, keys, ctx);
  }

  addressGone(job: WebPushDeliveryJob, { address }: SubscriptionAddress): Promise<void> {
    return this.deadAddresses.remove(job, { webPushEndpoint: address }, 'subscription');
  }
}
