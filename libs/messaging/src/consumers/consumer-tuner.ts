import { JobConsumerMetadata } from '../decorators';

/**
 * Implemented by a provider whose consumers take their batch size or concurrency from
 * configuration, which decorators cannot read: the explorer passes each consumer's metadata
 * through `tuneConsumer` before starting it.
 */
export interface ConsumerTuner {
  tuneConsumer(metadata: JobConsumerMetadata): JobConsumerMetadata;
}
