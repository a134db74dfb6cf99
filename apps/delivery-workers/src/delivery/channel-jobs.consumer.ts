import { DeliveryJob } from '@clarion/contracts';
import { ConsumerTuner, JobConsumerMetadata, JobItem } from '@clarion/messaging';
import { ChannelDelivery, DeliveryAddress } from './channel-delivery';
import { DeliveryProcessor } from './delivery-processor';

const BATCH = 32;

/** Delivery consumers never give up by count: the retry window (DELIVERY_RETRY_FOR_SECONDS) decides. */
export const UNLIMITED_ATTEMPTS = Number.MAX_SAFE_INTEGER;

/**
 * The JetStream consumer of one channel: up to `inFlight` messages of this process are with the
 * provider at once (DELIVERY_CONCURRENCY), handed over in small batches so one slow provider
 * call holds back few others. Replicas share the work queue.
 */
export abstract class ChannelJobsConsumer<
  TContent,
  TAddress extends DeliveryAddress,
> implements ConsumerTuner {
  protected constructor(
    private readonly processor: DeliveryProcessor,
    private readonly delivery: ChannelDelivery<TContent, TAddress>,
    private readonly inFlight: number,
  ) {}

  tuneConsumer(metadata: JobConsumerMetadata): JobConsumerMetadata {
    const maxBatch = Math.min(BATCH, this.inFlight);
    return { ...metadata, maxBatch, concurrency: Math.ceil(this.inFlight / maxBatch) };
  }

  protected deliver(items: JobItem<DeliveryJob<TContent>>[]): Promise<void> {
    return this.processor.deliverAll(items, this.delivery).then(() => undefined);
  }
}
