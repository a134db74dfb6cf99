const FIRST_RETRY_MS = 1_000;
const LONGEST_RETRY_MS = 60_000;

/** Exponential backoff for the attempt after `deliveryCount` failed ones. */
export function retryDelayMs(deliveryCount: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, deliveryCount - 1), LONGEST_RETRY_MS);
}
