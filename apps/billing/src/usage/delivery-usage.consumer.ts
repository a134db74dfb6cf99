import { Inject, Injectable } from '@nestjs/common';
import { deliveryStepsOf, EventEnvelope, EventFeeds } from '@clarion/contracts';
import { BULK_WRITE_LINGER_MS, ConsumeJobs, JobItem } from '@clarion/messaging';
import { PRICE_TABLE, PriceTable } from './price-table.provider';
import { UsageMeter } from './usage-meter';

/**
 * Meters every delivered message from the EVENTS stream into its account's cycle usage. A message
 * costs once its provider took it (`sent`): SMTP never reports delivery, and an SMS costs its
 * segments whether or not the handset confirms. The steps of outside providers are events of their
 * own; in-app steps travel in their send's `send.processed`. A cost is keyed by the step's event
 * id, so a step read twice (in both forms, across an upgrade) costs once.
 */
@Injectable()
export class DeliveryUsageConsumer {
  constructor(
    @Inject(PRICE_TABLE) private readonly prices: PriceTable,
    private readonly meter: UsageMeter,
  ) {}

  @ConsumeJobs(EventFeeds.deliverySteps, {
    durable: 'billing-usage',
    maxBatch: 500,
    lingerMs: BULK_WRITE_LINGER_MS,
    tracedPer: 'batch',
  })
  handleDeliverySteps(items: JobItem<EventEnvelope>[]): Promise<void> {
    return this.meterSent(items);
  }

  @ConsumeJobs(EventFeeds.processedSends, {
    durable: 'billing-processed-sends',
    maxBatch: 500,
    lingerMs: BULK_WRITE_LINGER_MS,
    tracedPer: 'batch',
  })
  handleProcessedSends(items: JobItem<EventEnvelope>[]): Promise<void> {
    return this.meterSent(items);
  }

  private async meterSent(items: JobItem<EventEnvelope>[]): Promise<void> {
    await this.meter.meter(
      items
        .flatMap(({ payload }) => deliveryStepsOf(payload))
        .filter((event) => event.data.status === 'sent')
        .map((event) => ({
          costId: event.id,
          accountId: event.accountId,
          item: event.data.channel,
          amount: this.prices[event.data.channel],
          messages: 1,
          at: new Date(event.data.at),
        })),
    );
  }
}
