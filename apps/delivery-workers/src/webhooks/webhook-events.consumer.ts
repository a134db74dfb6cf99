import { Injectable, Logger } from '@nestjs/common';
import { Consumers, EventEnvelope, EventFeeds, knownEvent } from '@clarion/contracts';
import { ConsumeJobs, ConsumerTuner, JobConsumerMetadata, JobItem } from '@clarion/messaging';
import { describeError } from '../delivery/describe-error';
import { WebhookDispatcher } from './webhook-dispatcher';
import { WebhookSettings } from './webhook-settings';

/** The dispatcher gives up when the retry schedule runs out; the runner never dead-letters by count. */
const UNLIMITED_ATTEMPTS = Number.MAX_SAFE_INTEGER;

/**
 * Delivery steps on their way to customers' events webhooks: a durable consumer of its own, so a
 * slow or failing receiver never holds back delivery. Each message is a batch of its own, so one
 * receiver's 15 s timeout holds no other event; WEBHOOK_CONCURRENCY of them run at once.
 */
@Injectable()
export class WebhookEventsConsumer implements ConsumerTuner {
  private readonly logger = new Logger(WebhookEventsConsumer.name);

  constructor(
    private readonly dispatcher: WebhookDispatcher,
    private readonly settings: WebhookSettings,
  ) {}

  tuneConsumer(metadata: JobConsumerMetadata): JobConsumerMetadata {
    return { ...metadata, maxBatch: 1, concurrency: this.settings.inFlight };
  }

  @ConsumeJobs(EventFeeds.deliverySteps, {
    durable: Consumers.deliveryWorkersWebhooks,
    maxDeliver: UNLIMITED_ATTEMPTS,
    // Created fresh (a new deployment, or re-created after loss), it must not replay days of
    // EVENTS to customers' endpoints.
    deliverPolicy: 'new',
  })
  async handle(items: JobItem<EventEnvelope>[]): Promise<void> {
    await Promise.all(
      items.map((item) => {
        const known = knownEvent(item.payload);
        if (known?.family !== 'delivery') return undefined;
        return this.dispatcher
          .dispatch({ ...item, payload: known.event })
          .catch((error: unknown) => {
            this.logger.error(`${item.payload.id}: ${describeError(error)}`);
            item.retry(error);
          });
      }),
    );
  }
}
