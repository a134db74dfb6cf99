import { Logger } from '@nestjs/common';
import { describeFailure } from '../failures/describe-failure';

const REPORT_EVERY_MS = 30_000;

/**
 * During an outage every message fails the same way: instead of a line per attempt, one line
 * when the trouble starts and then one every 30 s with how many retries it caused, so the
 * backlog stays visible without flooding the log.
 */
export class TransientFailureLog {
  private retries = 0;
  private lastReason = '';
  private reportedAt = 0;

  constructor(
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  note(reason: unknown): void {
    this.retries += 1;
    this.lastReason = describeFailure(reason);
    const now = this.now();
    if (now - this.reportedAt < REPORT_EVERY_MS) return;
    this.logger.warn(
      `${this.retries} deliveries held back by a transient failure, retrying with backoff until it passes: ${this.lastReason}`,
    );
    this.retries = 0;
    this.reportedAt = now;
  }
}
