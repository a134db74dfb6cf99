import {
  BeforeApplicationShutdown,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';
import { Jobs, UsageChargeJob } from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { PeriodicTask } from '@clarion/runtime';
import { VoiceEnv } from '../voice.env';
import { CallChargesRepository, UnchargedCall } from './call-charges.repository';
import { CallCost, costOfCall } from './call-cost';
import { MinutePrices } from './minute-prices';

/** Ended calls a round takes at most; the rest wait for the next round, oldest first. */
const ROUND_SIZE = 500;

export interface CallChargesRound {
  /** Calls whose cost is now on their record (those costing 0 included). */
  charged: number;
  /** Usage charges published to billing (calls costing more than 0). */
  published: number;
}

/**
 * Charges every ended call once to its account's usage: prices its minutes, publishes a
 * `UsageChargeJob` to billing for each call that cost something, and, once JetStream has them
 * all, writes each call's cost on its record. One replica runs a round at a time (an advisory
 * lock); the rounds follow each other every VOICE_CHARGES_EVERY_MS.
 */
@Injectable()
export class CallCharges implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(CallCharges.name);
  private readonly task: PeriodicTask;
  private readonly prices: MinutePrices;

  constructor(
    env: VoiceEnv,
    private readonly charges: CallChargesRepository,
    private readonly messaging: MessagingClient,
  ) {
    this.prices = MinutePrices.parse(env.VOICE_MINUTE_PRICES);
    this.task = new PeriodicTask(
      {
        name: 'Call charges',
        everyMs: env.VOICE_CHARGES_EVERY_MS,
        firstAfterMs: env.VOICE_CHARGES_EVERY_MS,
      },
      () => this.chargeOnce(),
    );
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }

  /**
   * One round; undefined when another replica is running one. A publish that fails fails the
   * round before anything is marked, so the next round charges the same calls again.
   */
  chargeOnce(): Promise<CallChargesRound | undefined> {
    return this.charges.whileHoldingChargesLock(async () => {
      const calls = await this.charges.unchargedEnded(ROUND_SIZE);
      const costed = calls.map((call) => ({ call, cost: costOfCall(call, this.prices) }));
      const owed = costed.filter(({ cost }) => cost.amount > 0);
      await this.publishAll(owed);
      // A crash (or a failed update) from here on leaves the calls unmarked: the next round
      // publishes them again under the same chargeId, which JetStream's duplicate window or
      // else billing (a charge it has seen adds nothing) drops.
      await this.charges.markCharged(
        costed.map(({ call, cost }) => ({ trackingId: call.trackingId, cost })),
      );
      if (costed.length > 0) {
        this.logger.debug(`Calls charged: ${costed.length}, ${owed.length} to billing`);
      }
      return { charged: costed.length, published: owed.length };
    });
  }

  /** Publishes every charge and waits for all the acks; throws if any was not stored. */
  private async publishAll(owed: { call: UnchargedCall; cost: CallCost }[]): Promise<void> {
    const results = await Promise.allSettled(
      owed.map(({ call, cost }) => {
        const job = usageChargeOf(call, cost);
        return this.messaging.publishJob(Jobs.usageCharge, job, { msgId: job.chargeId });
      }),
    );
    const failed = results.filter(
      (result): result is PromiseRejectedResult => result.status === 'rejected',
    );
    if (failed.length > 0) {
      throw new Error(
        `${failed.length} of ${owed.length} call charges were not published, none marked: ${String(failed[0]?.reason)}`,
      );
    }
  }
}

/** The charge of a call: stable per call (`call:<trackingId>`), in the cycle of its end. */
function usageChargeOf(call: UnchargedCall, cost: CallCost): UsageChargeJob {
  return {
    chargeId: `call:${call.trackingId}`,
    accountId: call.accountId,
    kind: 'voice_call',
    amount: cost.amount,
    at: call.endedAt.toISOString(),
  };
}
