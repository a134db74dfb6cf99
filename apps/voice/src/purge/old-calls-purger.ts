import { PeriodicTask } from '@clarion/runtime';
import {
  BeforeApplicationShutdown,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';
import { CALL_RETENTION_DAYS, VOICE_RANGES } from '@clarion/contracts';
import { CallsRepository } from '../calls/calls.repository';
import { VoiceEnv } from '../voice.env';

const DAY_MS = 24 * 60 * 60_000;
/** After a restart, the first round comes soon: deployments may restart replicas hourly. */
const FIRST_ROUND_AFTER_MS = 60_000;
const ROUND_SIZE = 5_000;
/** No call lasts longer than maxCallLengthSeconds allows; a margin for late callbacks. */
const ACTIVE_AT_MOST_MS = (VOICE_RANGES.maxCallLengthSeconds[1] + 15 * 60) * 1000;

export interface CallsPurgeRound {
  purged: number;
  expired: number;
}

/**
 * Deletes call records older than 30 days (reads hide them already), and ends calls still active
 * long after any call could last. One replica runs a round at a time (an advisory lock).
 */
@Injectable()
export class OldCallsPurger implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(OldCallsPurger.name);
  private readonly task: PeriodicTask;

  constructor(
    private readonly env: VoiceEnv,
    private readonly calls: CallsRepository,
  ) {
    this.task = new PeriodicTask(
      {
        name: 'Call records purge',
        everyMs: this.env.VOICE_PURGE_EVERY_MS,
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
  purgeOnce(now = new Date()): Promise<CallsPurgeRound | undefined> {
    return this.calls.whileHoldingPurgeLock(async () => {
      const cutoff = new Date(now.getTime() - CALL_RETENTION_DAYS * DAY_MS);
      const purged = await this.calls.deleteStartedUpTo(cutoff, ROUND_SIZE);
      const expired = await this.calls.expireActiveBefore(
        new Date(now.getTime() - ACTIVE_AT_MOST_MS),
        now,
      );
      if (purged > 0 || expired > 0) {
        this.logger.log(`Call records: ${purged} older than 30 days purged, ${expired} expired`);
      }
      return { purged, expired };
    });
  }
}
