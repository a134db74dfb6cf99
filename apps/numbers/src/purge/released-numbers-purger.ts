import { PeriodicTask } from '@clarion/runtime';
import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';
import { NumbersEnv } from '../numbers.env';
import { PhoneNumberRow } from '../phone-numbers/phone-number.row';
import { PhoneNumbersRepository } from '../phone-numbers/phone-numbers.repository';
import { isWithinReleaseWindow, releaseWindowCutoff } from '../phone-numbers/release-window';
import { NUMBERS_PROVIDER, NumbersProvider } from '../provider/numbers-provider';

/** After a restart, the first round comes soon: deployments may restart replicas hourly. */
const FIRST_ROUND_AFTER_MS = 60_000;
/** Numbers one round looks at; the rest wait for the next round. */
const ROUND_SIZE = 500;
/** Offers of a search are kept this long for the order that may follow it. */
const OFFER_TTL_MS = 24 * 60 * 60_000;

export interface PurgeRound {
  /** Numbers given back to the provider and deleted. */
  purged: number;
  /** Numbers the provider could not take back this round; they are tried again next round. */
  failed: number;
  offersForgotten: number;
}

/**
 * Gives numbers released 2 weeks ago back to the provider and deletes them, so they leave the
 * released list and anyone may buy them. The provider release waits until then so that the
 * account can reactivate its number without buying it again. One replica runs a round at a time
 * (an advisory lock), and each number is purged under the lock orders take, so an order never
 * sees a number half purged.
 */
@Injectable()
export class ReleasedNumbersPurger implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(ReleasedNumbersPurger.name);
  private readonly task: PeriodicTask;

  constructor(
    private readonly env: NumbersEnv,
    private readonly repository: PhoneNumbersRepository,
    @Inject(NUMBERS_PROVIDER) private readonly provider: NumbersProvider,
  ) {
    this.task = new PeriodicTask(
      {
        name: 'Released numbers purge',
        everyMs: this.env.NUMBERS_PURGE_EVERY_MS,
        firstAfterMs: FIRST_ROUND_AFTER_MS,
      },
      () => this.purgeOnce(),
    );
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }

  /** One round; undefined when another replica is running one. */
  async purgeOnce(now = new Date()): Promise<PurgeRound | undefined> {
    return this.repository.whileHoldingPurgeLock(async () => {
      const round: PurgeRound = { purged: 0, failed: 0, offersForgotten: 0 };
      const due = await this.repository.releasedUpTo(releaseWindowCutoff(now), ROUND_SIZE);
      for (const phoneNumber of due) {
        if (this.task.stopping) break;
        try {
          if (await this.purge(phoneNumber, now)) round.purged += 1;
        } catch (error) {
          round.failed += 1;
          this.logger.warn(`Could not purge the released number ${phoneNumber}: ${String(error)}`);
        }
      }
      round.offersForgotten = await this.repository.forgetOffersBefore(
        new Date(now.getTime() - OFFER_TTL_MS),
      );
      if (round.purged > 0 || round.failed > 0) {
        this.logger.log(
          `Released numbers: ${round.purged} given back to the provider, ${round.failed} left for the next round`,
        );
      }
      return round;
    });
  }

  /** False when the number is busy (an order holds it) or no longer due. */
  private async purge(phoneNumber: string, now: Date): Promise<boolean> {
    const outcome = await this.repository.whileHoldingNumber(phoneNumber, async (number) => {
      const row = await number.current();
      if (row?.status !== 'released' || !row.releasedAt) return false;
      if (isWithinReleaseWindow(row.releasedAt, now)) return false;
      await this.giveBack(row);
      await number.delete();
      return true;
    });
    return outcome.held && outcome.value;
  }

  private async giveBack(row: PhoneNumberRow): Promise<void> {
    // A sandbox number was never bought.
    if (row.provider === 'sandbox') return;
    if (row.provider !== this.provider.name) {
      throw new Error(
        `it was bought from ${row.provider}, which is not configured now; it stays until it is`,
      );
    }
    await this.provider.release(row.providerSid);
  }
}
