import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DeliveryAttemptsRepository } from './delivery-attempts.repository';

const EVERY_MS = 10 * 60_000;
/** Longer than any retry window and than the callbacks (receipts, replies) that need a record. */
const KEEP_DAYS = 30;

/** Forgets attempt records once nothing can ask about them any more. */
@Injectable()
export class AttemptsJanitor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(AttemptsJanitor.name);
  private timer?: NodeJS.Timeout;

  constructor(private readonly attempts: DeliveryAttemptsRepository) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  private async sweep(): Promise<void> {
    try {
      const removed = await this.attempts.deleteOlderThan(KEEP_DAYS);
      if (removed > 0)
        this.logger.log(`forgot ${removed} attempt records older than ${KEEP_DAYS} days`);
    } catch (error) {
      this.logger.warn(`Could not forget old attempt records: ${String(error)}`);
    }
  }
}
