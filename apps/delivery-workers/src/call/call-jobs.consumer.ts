import { Inject, Injectable } from '@nestjs/common';
import { Consumers, DeliveryJobDto, Jobs, SendCallContentDto } from '@clarion/contracts';
import { ConsumeJobs, JobItem } from '@clarion/messaging';
import { ChannelJobsConsumer, UNLIMITED_ATTEMPTS } from '../delivery/channel-jobs.consumer';
import { DeliveryProcessor } from '../delivery/delivery-processor';
import { DeliverySettings } from '../delivery/delivery-settings';
import { DELIVERY_SETTINGS } from '../delivery/delivery.tokens';
import { CallChannel } from './call-channel';

@Injectable()
export class CallJobsConsumer extends ChannelJobsConsumer<SendCallContentDto, { address: string }> {
  constructor(
    processor: DeliveryProcessor,
    channel: CallChannel,
    @Inject(DELIVERY_SETTINGS) settings: DeliverySettings,
  ) {
    super(processor, channel, settings.inFlightOf('call'));
  }

  @ConsumeJobs(Jobs.callDelivery, {
    durable: Consumers.deliveryWorkersCall,
    dto: DeliveryJobDto,
    maxDeliver: UNLIMITED_ATTEMPTS,
  })
  handle(items: JobItem<DeliveryJobDto<SendCallContentDto>>[]): Promise<void> {
    return this.deliver(items);
  }
}
