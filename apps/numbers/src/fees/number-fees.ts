import { PeriodicTask } from '@clarion/runtime';
import {
  BeforeApplicationShutdown,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';
import { Jobs, UsageChargeJob } from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { NumbersEnv } from '../numbers.env';
import { periodsToCharge } from './billing-periods';
import { NumberFeesRepository } from './number-fees.repository';

/** Numbers one round charges; the rest wait for the next round. */
const ROUND_SIZE = 500;
const FIRST_ROUND_AFTER_MS = 5_000;

/**
 * Charges each active number its monthly price: the month of its order at once, and every month
 * after on the anniversary of its createdAt (a released number is not charged again; one
 * reactivated within the month it paid for is not charged twice). Each month is a usage charge
 * to billing with a stable id, published before the number is marked charged: a crash between
 * the two republishes it, and billing drops what it has metered already. One replica runs a
 * round at a time.
 */
@Injectable()
export class NumberFees implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(NumberFees.name);
  private readonly task: PeriodicTask;

  constructor(
    env: NumbersEnv,
    private readonly repository: NumberFeesRepository,
    private readonly messaging: MessagingClient,
  ) {
    this.task = new PeriodicTask(
      {
        name: 'Number fees',
        everyMs: env.NUMBER_FEES_EVERY_MS,
        firstAfterMs: FIRST_ROUND_AFTER_MS,
      },
      () => this.chargeDue(),
    );
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }

  /** One round over every number due; undefined when another replica is running one. */
  chargeDue(now = new Date()): Promise<number | undefined> {
    return this.repository.whileHoldingFeesLock(() => this.charge(now));
  }

  /** A number just ordered: its month is charged now rather than at the next round. */
  async chargeOrdered(phoneNumber: string, now = new Date()): Promise<void> {
    try {
      await this.charge(now, phoneNumber);
    } catch (error) {
      this.logger.warn(`${phoneNumber} is charged at the next round: ${String(error)}`);
    }
  }

  /** Months charged. */
  private async charge(now: Date, phoneNumber?: string): Promise<number> {
    const due = await this.repository.due(now, ROUND_SIZE, phoneNumber);
    const charges: UsageChargeJob[] = [];
    const charged: { phoneNumber: string; until: Date }[] = [];
    for (const number of due) {
      const periods = periodsToCharge(number.createdAt, number.chargedUntil, now);
      for (const { start } of periods) {
        charges.push({
          chargeId: `number:${number.phoneNumber}:${start.toISOString()}`,
          accountId: number.accountId,
          kind: 'phone_number',
          amount: number.monthlyPrice,
          at: start.toISOString(),
        });
      }
      const last = periods[periods.length - 1];
      if (last) charged.push({ phoneNumber: number.phoneNumber, until: last.end });
    }
    await Promise.all(
      charges.map((job) =>
        this.messaging.publishJob(Jobs.usageCharge, job, { msgId: job.chargeId }),
      ),
    );
    await this.repository.charged(charged);
    return charges.length;
  }
}
