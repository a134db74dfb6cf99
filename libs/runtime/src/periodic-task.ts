import { Logger } from '@nestjs/common';

export interface PeriodicTaskOptions {
  /** What the task does, for the warning when a round fails. */
  name: string;
  everyMs: number;
  /** The first round comes this soon after start (at most `everyMs`). */
  firstAfterMs: number;
}

/**
 * A background round repeated on a timer (purges, janitors): one round at a time, failures
 * logged and retried next round, and `stop()` waits for a round in progress. `stopping` lets a
 * long round end early.
 */
export class PeriodicTask {
  private readonly logger: Logger;
  private readonly timers: NodeJS.Timeout[] = [];
  private running?: Promise<unknown>;
  private stopped = false;

  constructor(
    private readonly options: PeriodicTaskOptions,
    private readonly round: () => Promise<unknown>,
  ) {
    this.logger = new Logger(options.name);
  }

  get stopping(): boolean {
    return this.stopped;
  }

  start(): void {
    const tick = () => {
      this.running ??= this.round()
        .catch((error: unknown) =>
          this.logger.warn(`${this.options.name} failed: ${String(error)}`),
        )
        .finally(() => (this.running = undefined));
    };
    // A first round due with the interval's first tick is that tick.
    if (this.options.firstAfterMs < this.options.everyMs) {
      this.timers.push(setTimeout(tick, this.options.firstAfterMs));
    }
    this.timers.push(setInterval(tick, this.options.everyMs));
    this.timers.forEach((timer) => timer.unref());
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.timers.forEach((timer) => clearTimeout(timer));
    await this.running;
  }
}
