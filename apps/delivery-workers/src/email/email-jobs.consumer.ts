import { Inject, Injectable } from '@nestjs/common';
import { Consumers, DeliveryJobDto, Jobs, SendEmailContentDto } from '@clarion/contracts';
import { ConsumeJobs, JobItem } from '@clarion/messaging';
import { ChannelJobsConsumer, UNLIMITED_ATTEMPTS } from '../delivery/channel-jobs.consumer';
import { DeliveryProcessor } from '../delivery/delivery-processor';
import { DeliverySettings } from '../delivery/delivery-settings';
import { DELIVERY_SETTINGS } from '../delivery/delivery.tokens';
import { EmailChannel } from './email-channel';

@Injectable()
export class EmailJobsConsumer extends ChannelJobsConsumer<
  SendEmailContentDto,
  { address: string }
> {
  constructor(
    processor: DeliveryProcessor,
    channel: EmailChannel,
    @Inject(DELIVERY_SETTINGS) settings: DeliverySettings,
  ) {
    super(processor, channel, settings.inFlightOf('email'));
  }

  @ConsumeJobs(Jobs.emailDelivery, {
    durable: Consumers.deliveryWorkersEmail,
    dto: DeliveryJobDto,
    maxDeliver: UNLIMITED_ATTEMPTS,
  })
  handle(items: JobItem<DeliveryJobDto<SendEmailContentDto>>[]): Promise<void> {
    return this.deliver(items);
  }
}
