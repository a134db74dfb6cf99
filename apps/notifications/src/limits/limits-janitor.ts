import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DeduplicationRepository } from './deduplication.repository';
import { ThrottleRepository } from './throttle.repository';

const EVERY_MS = 60_000;

/** Forgets deduplication keys and throttle counters whose window has passed. */
@Injectable()
export class LimitsJanitor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(LimitsJanitor.name);
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly deduplication: DeduplicationRepository,
    private readonly throttle: ThrottleRepository,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  private async sweep(): Promise<void> {
    try {
      await Promise.all([this.deduplication.deleteExpired(), this.throttle.deleteExpired()]);
    } catch (error) {
      this.logger.warn(`Could not forget expired limits: ${String(error)}`);
    }
  }
}
