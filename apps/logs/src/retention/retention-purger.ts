import { PeriodicTask } from '@clarion/runtime';
import {
  BeforeApplicationShutdown,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';
import { MIN_LOG_RETENTION_DAYS } from '@clarion/contracts';
import { AccountRetentionCache } from './account-retention.cache';
import { firstTrackingIdAt } from './first-tracking-id-at';
import { LogsEnv } from '../logs.env';
import { RetentionRepository } from './retention.repository';

const DAY_MS = 24 * 60 * 60_000;
/** After a restart, the first round comes soon: deployments may restart replicas hourly. */
const FIRST_ROUND_AFTER_MS = 60_000;

export interface PurgeRound {
  /** Accounts whose old logs were purged. */
  purged: number;
  /** Records deleted. */
  records: number;
  /** Accounts billing gave no plan for: kept until a later round knows their retention. */
  skipped: number;
}

/**
 * Deletes each account's logs older than its plan keeps them (`logRetentionDaysOf`): the log
 * records by the time in their UUIDv7 tracking ids, and the event-log steps, a bounded batch per
 * statement. One replica runs a round at a time (an advisory lock), and deleting what is already
 * gone is harmless, so rounds on several replicas never clash.
 */
@Injectable()
export class RetentionPurger implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(RetentionPurger.name);
  private readonly task: PeriodicTask;

  constructor(
    private readonly env: LogsEnv,
    private readonly repository: RetentionRepository,
    private readonly retention: AccountRetentionCache,
  ) {
    this.task = new PeriodicTask(
      {
        name: 'Log retention purge',
        everyMs: this.env.LOG_RETENTION_PURGE_EVERY_MS,
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

  /** One round over every account with logs older than the shortest retention of any plan. */
  async purgeOnce(now = Date.now()): Promise<PurgeRound | undefined> {
    return this.repository.whileHoldingPurgeLock(async () => {
      const round: PurgeRound = { purged: 0, records: 0, skipped: 0 };
      const candidates = await this.repository.accountsWithRecordsBefore(
        firstTrackingIdAt(now - MIN_LOG_RETENTION_DAYS * DAY_MS),
      );
      for (const accountId of candidates) {
        if (this.task.stopping) break;
        const days = await this.retentionDaysOf(accountId);
        if (days === undefined) {
          round.skipped += 1;
          continue;
        }
        round.records += await this.purgeAccount(accountId, now - days * DAY_MS);
        round.purged += 1;
      }
      if (round.records > 0 || round.skipped > 0) {
        this.logger.log(
          `Log retention: deleted ${round.records} records of ${round.purged} accounts; ${round.skipped} accounts skipped (no plan from billing)`,
        );
      }
      return round;
    });
  }

  /** Never purges on doubt: an account billing does not answer for keeps its logs this round. */
  private async retentionDaysOf(accountId: string): Promise<number | undefined> {
    try {
      const days = await this.retention.retentionDaysOf(accountId);
      return Number.isFinite(days) && days >= MIN_LOG_RETENTION_DAYS ? days : undefined;
    } catch (error) {
      this.logger.debug(`No retention for account ${accountId} this round: ${String(error)}`);
      return undefined;
    }
  }

  private async purgeAccount(accountId: string, cutoffMs: number): Promise<number> {
    const batch = this.env.LOG_RETENTION_PURGE_BATCH;
    const cutoff = new Date(cutoffMs);
    // Steps first: the records decide which accounts a round visits, so a round stopped midway
    // comes back for the steps too.
    while (
      !this.task.stopping &&
      (await this.repository.deleteEventsBefore(accountId, cutoff, batch)) === batch
    );
    const bound = firstTrackingIdAt(cutoffMs);
    let deleted = 0;
    while (!this.task.stopping) {
      const count = await this.repository.deleteRecordsBefore(accountId, bound, batch);
      deleted += count;
      if (count < batch) break;
    }
    return deleted;
  }
}
