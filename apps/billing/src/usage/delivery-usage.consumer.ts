import { Inject, Injectable } from '@nestjs/common';
import { ChannelLogName, DeliveryEventData, EventEnvelope, EventFeeds } from '@clarion/contracts';
import { ConsumeJobs, JobItem } from '@clarion/messaging';
import { PRICE_TABLE, PriceTable } from './price-table.provider';
import { UsageMeter } from './usage-meter';

/** Meters every delivered message from the EVENTS stream into its account's cycle usage. */
@Injectable()
export class DeliveryUsageConsumer {
  constructor(
    @Inject(PRICE_TABLE) private readonly prices: PriceTable,
    private readonly meter: UsageMeter,
  ) {}

  @ConsumeJobs(
    EventFeeds.deliverySteps,
    { durable: 'billing-usage', maxBatch: 500 },
  )
  async handle(items: JobItem<EventEnvelope>[]): Promise<void> {
    const delivered = items
      .map((item) => item.payload)
      .filter((event): event is EventEnvelope<DeliveryEventData> => this.isBillableDelivery(event));
    await this.meter.meter(
      delivered.map((event) => ({
        costId: event.id,
        accountId: event.accountId,
        item: event.data.channel,
        amount: this.prices[event.data.channel as ChannelLogName],
        messages: 1,
        at: new Date(event.data.at),
      })),
    );
  }

  /**
   * A message costs once its provider took it (`sent`): SMTP never reports delivery, and an
   * SMS costs its segments whether or not the handset confirms.
   */
  private isBillableDelivery(event: EventEnvelope): boolean {
    const { status, channel, at } = event.data;
    return (
      status === 'sent' &&
      typeof channel === 'string' &&
      channel in this.prices &&
      typeof at === 'string'
    );
  }
}
