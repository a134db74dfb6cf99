import { Inject, Injectable } from '@nestjs/common';
import { Consumers, DeliveryJobDto, Jobs, SendWebPushContentDto } from '@clarion/contracts';
import { ConsumeJobs, JobItem } from '@clarion/messaging';
import { ChannelJobsConsumer, UNLIMITED_ATTEMPTS } from '../delivery/channel-jobs.consumer';
import { DeliveryProcessor } from '../delivery/delivery-processor';
import { DeliverySettings } from '../delivery/delivery-settings';
import { DELIVERY_SETTINGS } from '../delivery/delivery.tokens';
import { SubscriptionAddress, WebPushChannel } from './web-push-channel';

@Injectable()
export class WebPushJobsConsumer extends ChannelJobsConsumer<
  SendWebPushContentDto,
  SubscriptionAddress
> {
  constructor(
    processor: DeliveryProcessor,
    channel: WebPushChannel,
    @Inject(DELIVERY_SETTINGS) settings: DeliverySettings,
  ) {
    super(processor, channel, settings.inFlightOf('web_push'));
  }

  @ConsumeJobs(Jobs.webPushDelivery, {
    durable: Consumers.deliveryWorkersWebPush,
    dto: DeliveryJobDto,
    maxDeliver: UNLIMITED_ATTEMPTS,
  })
  handle(items: JobItem<DeliveryJobDto<SendWebPushContentDto>>[]): Promise<void> {
    return this.deliver(items);
  }
}
