const FIRST_RETRY_MS = 1_000;
const LONGEST_RETRY_MS = 10 * 60_000;

/**
 * When to try a transiently failed message again: exponential backoff with full jitter on the
 * upper half, never sooner than the provider's Retry-After, and never past the retry window.
 */
export class RetryPolicy {
  constructor(
    private readonly retryForMs: number,
    private readonly random: () => number = Math.random,
  ) {}

  /** Milliseconds until the next attempt, or undefined when the window is used up. */
  nextDelayMs(attempts: number, firstAttemptAt: Date, retryAfterMs = 0): number | undefined {
    const remaining = firstAttemptAt.getTime() + this.retryForMs - Date.now();
    if (remaining <= 0) return undefined;
    const ceiling = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
    const backoff = Math.round(ceiling / 2 + (ceiling / 2) * this.random());
    const delay = Math.max(backoff, retryAfterMs);
    return Math.min(delay, remaining);
  }
}
