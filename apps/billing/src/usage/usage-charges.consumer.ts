import { Injectable } from '@nestjs/common';
import { Consumers, Jobs, UsageChargeJob } from '@clarion/contracts';
import { ConsumeJobs, JobItem } from '@clarion/messaging';
import { UsageMeter } from './usage-meter';

/** Meters the costs that are not messages (numbers' months, calls' minutes) from USAGE. */
@Injectable()
export class UsageChargesConsumer {
  constructor(private readonly meter: UsageMeter) {}

  @ConsumeJobs(Jobs.usageCharge, {
    durable: Consumers.billingCharges,
    maxBatch: 500,
  })
  async handle(items: JobItem<UsageChargeJob>[]): Promise<void> {
    await this.meter.meter(
      items.map(({ payload }) => ({
        costId: payload.chargeId,
        accountId: payload.accountId,
        item: payload.kind,
        amount: payload.amount,
        messages: 0,
        at: new Date(payload.at),
      })),
    );
  }
}
