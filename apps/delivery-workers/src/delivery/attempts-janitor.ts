import {
  BeforeApplicationShutdown,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';
import { PeriodicTask } from '@clarion/runtime';
import { DeliveryAttemptsRepository } from './delivery-attempts.repository';

const EVERY_MS = 10 * 60_000;
/** Longer than any retry window and than the callbacks (receipts, replies) that need a record. */
const KEEP_DAYS = 30;

/**
 * Forgets attempt records once nothing can ask about them any more. One replica sweeps at a time
 * (an advisory lock); the others skip the round.
 */
@Injectable()
export class AttemptsJanitor implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(AttemptsJanitor.name);
  private readonly task = new PeriodicTask(
    { name: 'Forgetting old attempt records', everyMs: EVERY_MS, firstAfterMs: EVERY_MS },
    () => this.attempts.whileHoldingSweepLock(() => this.sweep()),
  );

  constructor(private readonly attempts: DeliveryAttemptsRepository) {}

  onApplicationBootstrap(): void {
    this.task.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }

  private async sweep(): Promise<void> {
    const removed = await this.attempts.deleteOlderThan(KEEP_DAYS);
    if (removed > 0)
      this.logger.log(`forgot ${removed} attempt records older than ${KEEP_DAYS} days`);
  }
}
