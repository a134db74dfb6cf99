import { Logger } from '@nestjs/common';

/**
 * Polls for due work every `everyMs`: `releaseBatch(limit)` takes up to `limit` due items and
 * says how many it took; a full batch is followed by the next one at once. One run at a time;
 * a failed run is logged and retried at the next tick.
 */
export class DueWorkPoller {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly logger: Logger,
    private readonly everyMs: number,
    private readonly batch: number,
    private readonly releaseBatch: (limit: number) => Promise<number>,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      this.running ??= this.releaseDue().finally(() => (this.running = undefined));
    }, this.everyMs);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private async releaseDue(): Promise<void> {
    try {
      while ((await this.releaseBatch(this.batch)) === this.batch);
    } catch (error) {
      this.logger.error(`releasing due work failed, retrying: ${String(error)}`);
    }
  }
}
