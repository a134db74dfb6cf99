import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ChannelLogName, DeliveryEventData, EventEnvelope, StreamName } from '@clarion/contracts';
import { ConsumeJobs, JobItem } from '@clarion/messaging';
import { In, Repository } from 'typeorm';
import { AccountEntity } from '../accounts/account.entity';
import { cycleStartOf } from './billing-cycle';
import { PRICE_TABLE, PriceTable } from './price-table.provider';
import { UsageLimitsService } from './usage-limits.service';
import { UsageRepository } from './usage.repository';

/** Meters every delivered message from the EVENTS stream into its account's cycle usage. */
@Injectable()
export class DeliveryUsageConsumer {
  constructor(
    @InjectRepository(AccountEntity) private readonly accounts: Repository<AccountEntity>,
    @Inject(PRICE_TABLE) private readonly prices: PriceTable,
    private readonly usage: UsageRepository,
    private readonly limits: UsageLimitsService,
  ) {}

  @ConsumeJobs(
    { stream: StreamName.EVENTS, subject: 'evt.delivery.>' },
    { durable: 'billing-usage', dto: EventEnvelope, maxBatch: 500 },
  )
  async handle(items: JobItem<EventEnvelope>[]): Promise<void> {
    const delivered = items
      .map((item) => item.payload)
      .filter((event): event is EventEnvelope<DeliveryEventData> => this.isBillableDelivery(event));
    if (delivered.length === 0) return;
    const accounts = await this.accounts.findBy({
      id: In([...new Set(delivered.map((e) => e.accountId))]),
    });
    const anniversaries = new Map(accounts.map((a) => [a.id, a.anniversaryDate]));
    const totals = await this.usage.meter(
      delivered
        .filter((event) => anniversaries.has(event.accountId))
        .map((event) => ({
          eventId: event.id,
          accountId: event.accountId,
          channel: event.data.channel,
          cost: this.prices[event.data.channel as ChannelLogName],
          cycleStart: cycleStartOf(
            anniversaries.get(event.accountId) ?? '',
            new Date(event.data.at),
          ),
        })),
    );
    // Totals are of the events' cycles; only the current cycle decides the limit.
    const current = totals.filter(
      (t) => t.cycleStart === cycleStartOf(anniversaries.get(t.accountId) ?? ''),
    );
    await this.limits.apply(accounts, new Map(current.map((t) => [t.accountId, t.cost])));
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
