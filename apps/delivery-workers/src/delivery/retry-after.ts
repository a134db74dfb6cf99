/**
 * A Retry-After header in milliseconds from now: delta-seconds or an HTTP date (RFC 9110 10.2.3).
 * Undefined when absent or unreadable, so the caller falls back to its own backoff.
 */
export function retryAfterMs(
  header: string | null | undefined,
  now: number = Date.now(),
): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
