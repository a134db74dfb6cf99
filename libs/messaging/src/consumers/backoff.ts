const FIRST_RETRY_MS = 1_000;
const LONGEST_RETRY_MS = 30_000;
const JITTER = 0.2;

/**
 * Exponential backoff for the attempt after `deliveryCount` failed ones, with ±20% jitter so
 * that messages which failed together do not all come back at the same moment.
 */
export function retryDelayMs(deliveryCount: number, random: () => number = Math.random): number {
  const base = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, deliveryCount - 1), LONGEST_RETRY_MS);
  return Math.round(base * (1 - JITTER + 2 * JITTER * random()));
}
