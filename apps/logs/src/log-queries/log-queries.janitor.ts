import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { PeriodicTask } from '@clarion/runtime';
import { LogQueriesRepository } from './log-queries.repository';

const EVERY_MS = 10 * 60_000;
/** A query's result is kept this long after it was started. */
const KEEP_MS = 24 * 60 * 60_000;
const BATCH = 1_000;

/** Forgets log queries a day old. Every replica runs it; deleting twice is harmless. */
@Injectable()
export class LogQueriesJanitor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly task = new PeriodicTask(
    { name: 'Forgetting old log queries', everyMs: EVERY_MS, firstAfterMs: EVERY_MS },
    () => this.sweep(),
  );

  constructor(private readonly queries: LogQueriesRepository) {}

  onApplicationBootstrap(): void {
    this.task.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }

  async sweep(): Promise<number> {
    let removed = 0;
    for (;;) {
      const count = await this.queries.deleteOlderThan(KEEP_MS, BATCH);
      removed += count;
      if (count < BATCH) return removed;
    }
  }
}
