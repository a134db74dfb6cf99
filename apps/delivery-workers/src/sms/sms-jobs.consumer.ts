import { Inject, Injectable } from '@nestjs/common';
import { Consumers, DeliveryJobDto, Jobs, SendSmsContentDto } from '@clarion/contracts';
import { ConsumeJobs, JobItem } from '@clarion/messaging';
import { ChannelJobsConsumer, UNLIMITED_ATTEMPTS } from '../delivery/channel-jobs.consumer';
import { DeliveryProcessor } from '../delivery/delivery-processor';
import { DeliverySettings } from '../delivery/delivery-settings';
import { DELIVERY_SETTINGS } from '../delivery/delivery.tokens';
import { SmsChannel } from './sms-channel';

@Injectable()
export class SmsJobsConsumer extends ChannelJobsConsumer<SendSmsContentDto, { address: string }> {
  constructor(
    processor: DeliveryProcessor,
    channel: SmsChannel,
    @Inject(DELIVERY_SETTINGS) settings: DeliverySettings,
  ) {
    super(processor, channel, settings.inFlightOf('sms'));
  }

  @ConsumeJobs(Jobs.smsDelivery, {
    durable: Consumers.deliveryWorkersSms,
    dto: DeliveryJobDto,
    maxDeliver: UNLIMITED_ATTEMPTS,
  })
  handle(items: JobItem<DeliveryJobDto<SendSmsContentDto>>[]): Promise<void> {
    return this.deliver(items);
  }
}
