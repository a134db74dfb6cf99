import { Inject, Injectable } from '@nestjs/common';
import { Consumers, DeliveryJobDto, Jobs, SendSlackContentDto } from '@clarion/contracts';
import { ConsumeJobs, JobItem } from '@clarion/messaging';
import { ChannelJobsConsumer, UNLIMITED_ATTEMPTS } from '../delivery/channel-jobs.consumer';
import { DeliveryProcessor } from '../delivery/delivery-processor';
import { DeliverySettings } from '../delivery/delivery-settings';
import { DELIVERY_SETTINGS } from '../delivery/delivery.tokens';
import { SlackChannel } from './slack-channel';

@Injectable()
export class SlackJobsConsumer extends ChannelJobsConsumer<
  SendSlackContentDto,
  { address: string }
> {
  constructor(
    processor: DeliveryProcessor,
    channel: SlackChannel,
    @Inject(DELIVERY_SETTINGS) settings: DeliverySettings,
  ) {
    super(processor, channel, settings.inFlightOf('slack'));
  }

  @ConsumeJobs(Jobs.slackDelivery, {
    durable: Consumers.deliveryWorkersSlack,
    dto: DeliveryJobDto,
    maxDeliver: UNLIMITED_ATTEMPTS,
  })
  handle(items: JobItem<DeliveryJobDto<SendSlackContentDto>>[]): Promise<void> {
    return this.deliver(items);
  }
}
