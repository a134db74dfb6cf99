import { Inject, Injectable, Type } from '@nestjs/common';
import { DeliveryJob, JobDefinition } from '@clarion/contracts';
import { ConsumeJobs, ConsumerTuner, JobConsumerMetadata, JobItem } from '@clarion/messaging';
import { ChannelDelivery, DeliveryAddress } from './channel-delivery';
import { DeliveryProcessor } from './delivery-processor';
import { DeliverySettings } from './delivery-settings';

const BATCH = 32;

/** Delivery consumers never give up by count: the retry window (DELIVERY_RETRY_FOR_SECONDS) decides. */
const UNLIMITED_ATTEMPTS = Number.MAX_SAFE_INTEGER;

/**
 * The JetStream consumer class of one channel: up to DELIVERY_CONCURRENCY messages of this
 * process are with the provider at once, handed over in small batches so one slow provider call
 * holds back few others. Replicas share the work queue.
 */
export function channelJobsConsumer<TContent, TAddress extends DeliveryAddress>(
  job: JobDefinition<DeliveryJob<TContent>>,
  durable: string,
  channelClass: Type<ChannelDelivery<TContent, TAddress>>,
): Type<ConsumerTuner> {
  @Injectable()
  class ChannelJobsConsumer implements ConsumerTuner {
    constructor(
      private readonly processor: DeliveryProcessor,
      @Inject(channelClass) private readonly channel: ChannelDelivery<TContent, TAddress>,
      private readonly settings: DeliverySettings,
    ) {}

    tuneConsumer(metadata: JobConsumerMetadata): JobConsumerMetadata {
      const inFlight = this.settings.inFlightOf(this.channel.channel);
      const maxBatch = Math.min(BATCH, inFlight);
      return { ...metadata, maxBatch, concurrency: Math.ceil(inFlight / maxBatch) };
    }

    @ConsumeJobs(job, { durable, maxDeliver: UNLIMITED_ATTEMPTS })
    async handle(items: JobItem<DeliveryJob<TContent>>[]): Promise<void> {
      await this.processor.deliverAll(items, this.channel);
    }
  }
  Object.defineProperty(ChannelJobsConsumer, 'name', { value: `${durable} consumer` });
  return ChannelJobsConsumer;
}
