const UNIT_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 } as const;
const DURATION = /^(\d+)\s*(ms|s|m|h)$/;
const JITTER = 0.1;

/** Parses `5s,5m,30m,2h` into milliseconds; throws naming the first part it cannot read. */
export function parseRetrySchedule(value: string): number[] {
  return value.split(',').map((part) => {
    const match = DURATION.exec(part.trim());
    if (!match) throw new Error(`"${part}" is not a duration like 5s, 5m or 2h`);
    const [, amount = '', unit = 's'] = match;
    return Number(amount) * UNIT_MS[unit as keyof typeof UNIT_MS];
  });
}

/**
 * When to try an events webhook again (Standard Webhooks: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h,
 * 14 h, 20 h, 24 h after the attempts before), with ±10% jitter so that the events of an endpoint
 * that failed together do not all come back at the same moment.
 */
export class RetrySchedule {
  constructor(
    readonly delaysMs: readonly number[],
    private readonly random: () => number = Math.random,
  ) {}

  /** Attempts in all: the first and one per delay. */
  get maxAttempts(): number {
    return this.delaysMs.length + 1;
  }

  /** The longest delay of the schedule, which also caps a receiver's Retry-After. */
  get longestDelayMs(): number {
    return Math.max(0, ...this.delaysMs);
  }

  /**
   * Milliseconds until the attempt after `attempt` (1 for the first), at least the receiver's
   * Retry-After (capped at the longest delay); undefined once the schedule is used up.
   */
  delayAfter(attempt: number, retryAfterMs = 0): number | undefined {
    const base = this.delaysMs[attempt - 1];
    if (base === undefined) return undefined;
    const jittered = Math.round(base * (1 - JITTER + 2 * JITTER * this.random()));
    return Math.max(jittered, Math.min(retryAfterMs, this.longestDelayMs));
  }
}
