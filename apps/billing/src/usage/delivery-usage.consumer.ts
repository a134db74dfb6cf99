import { Inject, Injectable } from '@nestjs/common';
import { EventEnvelope, EventFeeds, knownEvent } from '@clarion/contracts';
import { BULK_WRITE_LINGER_MS, ConsumeJobs, JobItem } from '@clarion/messaging';
import { PRICE_TABLE, PriceTable } from './price-table.provider';
import { UsageMeter } from './usage-meter';

/**
 * Meters every delivered message from the EVENTS stream into its account's cycle usage. A message
 * costs once its provider took it (`sent`): SMTP never reports delivery, and an SMS costs its
 * segments whether or not the handset confirms.
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
  })
  async handle(items: JobItem<EventEnvelope>[]): Promise<void> {
    const sent = items.flatMap(({ payload }) => {
      const known = knownEvent(payload);
      return known?.family === 'delivery' && known.event.data.status === 'sent'
        ? [known.event]
        : [];
    });
    await this.meter.meter(
      sent.map((event) => ({
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
