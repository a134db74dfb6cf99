import { Inject, Injectable } from '@nestjs/common';
import { Consumers, DeliveryJobDto, Jobs, SendMobilePushContentDto } from '@clarion/contracts';
import { ConsumeJobs, JobItem } from '@clarion/messaging';
import { ChannelJobsConsumer, UNLIMITED_ATTEMPTS } from '../delivery/channel-jobs.consumer';
import { DeliveryProcessor } from '../delivery/delivery-processor';
import { DeliverySettings } from '../delivery/delivery-settings';
import { DELIVERY_SETTINGS } from '../delivery/delivery.tokens';
import { MobilePushChannel, PushTokenAddress } from './mobile-push-channel';

@Injectable()
export class MobilePushJobsConsumer extends ChannelJobsConsumer<
  SendMobilePushContentDto,
  PushTokenAddress
> {
  constructor(
    processor: DeliveryProcessor,
    channel: MobilePushChannel,
    @Inject(DELIVERY_SETTINGS) settings: DeliverySettings,
  ) {
    super(processor, channel, settings.inFlightOf('mobile_push'));
  }

  @ConsumeJobs(Jobs.mobilePushDelivery, {
    durable: Consumers.deliveryWorkersMobilePush,
    dto: DeliveryJobDto,
    maxDeliver: UNLIMITED_ATTEMPTS,
  })
  handle(items: JobItem<DeliveryJobDto<SendMobilePushContentDto>>[]): Promise<void> {
    return this.deliver(items);
  }
}
