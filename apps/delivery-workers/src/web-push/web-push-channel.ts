import { Injectable, Logger } from '@nestjs/common';
import {
  Requests,
  SendWebPushContentDto,
  WebPushDeliveryJob,
  WebPushTokenDto,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { ChannelDelivery, DeliveryAddress } from '../delivery/channel-delivery';
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
  private readonly logger = new Logger('WebPush');

  constructor(
    private readonly adapter: WebPushAdapter,
    private readonly vapidKeys: VapidKeysRepository,
    private readonly messaging: MessagingClient,
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

  /** A resend carries the same Topic, so the push service replaces rather than repeats it. */
  resendsSafely(): boolean {
    return true;
  }

  async deliver(
    job: WebPushDeliveryJob,
    { subscription }: SubscriptionAddress,
    ctx: AttemptContext,
  ): Promise<ProviderOutcome> {
    const keys = await this.vapidKeys.keysOf(job);
    return this.adapter.send(job, subscription, keys, ctx);
  }

  async addressGone(job: WebPushDeliveryJob, { address }: SubscriptionAddress): Promise<void> {
    await this.messaging
      .request(Requests.removeDeadAddress, {
        accountId: job.accountId,
        envId: job.envId,
        userId: job.recipient.id,
        webPushEndpoint: address,
      })
      .catch((error: unknown) =>
        this.logger.warn(
          `could not remove a dead subscription of ${job.recipient.id}: ${String(error)}`,
        ),
      );
  }
}
