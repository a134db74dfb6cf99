import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { LogQueriesRepository } from './log-queries.repository';

const EVERY_MS = 10 * 60_000;
/** A query's result is kept this long after it was started. */
const KEEP_MS = 24 * 60 * 60_000;
const BATCH = 1_000;

/** Forgets log queries a day old. Every replica runs it; deleting twice is harmless. */
@Injectable()
export class LogQueriesJanitor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(LogQueriesJanitor.name);
  private timer?: NodeJS.Timeout;

  constructor(private readonly queries: LogQueriesRepository) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async sweep(): Promise<number> {
    let removed = 0;
    try {
      for (;;) {
        const count = await this.queries.deleteOlderThan(KEEP_MS, BATCH);
        removed += count;
        if (count < BATCH) return removed;
      }
    } catch (error) {
      this.logger.warn(`Could not forget old log queries: ${String(error)}`);
      return removed;
    }
  }
}
