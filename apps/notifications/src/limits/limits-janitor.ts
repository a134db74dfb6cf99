import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { PeriodicTask } from '@clarion/runtime';
import { DeduplicationRepository } from './deduplication.repository';
import { ThrottleRepository } from './throttle.repository';

const EVERY_MS = 60_000;

/** Forgets deduplication keys and throttle counters whose window has passed. */
@Injectable()
export class LimitsJanitor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly task = new PeriodicTask(
    { name: 'Forgetting expired limits', everyMs: EVERY_MS, firstAfterMs: EVERY_MS },
    () => Promise.all([this.deduplication.deleteExpired(), this.throttle.deleteExpired()]),
  );

  constructor(
    private readonly deduplication: DeduplicationRepository,
    private readonly throttle: ThrottleRepository,
  ) {}

  onApplicationBootstrap(): void {
    this.task.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }
}
