import { retryAfterMs } from '../delivery/retry-after';

/** What one attempt to deliver to an events webhook came to. */
export type WebhookOutcome =
  /** A 2xx: the receiver has the event. */
  | { kind: 'delivered'; status: number }
  /** 410 Gone: the receiver asks never to be called again. */
  | { kind: 'gone'; status: number }
  /** Anything else (3xx, 4xx, 5xx, network error, timeout): worth another attempt. */
  | { kind: 'failed'; reason: string; retryAfterMs?: number };

/** Reads a receiver's answer; redirects are failures, as following them could reach anywhere. */
export function outcomeOfResponse(
  status: number,
  retryAfter: string | null,
  now: number = Date.now(),
): WebhookOutcome {
  if (status >= 200 && status < 300) return { kind: 'delivered', status };
  if (status === 410) return { kind: 'gone', status };
  const waitMs = status === 429 || status === 503 ? retryAfterMs(retryAfter, now) : undefined;
  return {
    kind: 'failed',
    reason: String(status),
    ...(waitMs !== undefined && { retryAfterMs: waitMs }),
  };
}

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  reason?: unknown;
  code?: unknown;
  cause?: unknown;
}

/**
 * A fetch that got no answer, in a few words: `timeout`, `ECONNREFUSED`, `refused: …` (the
 * outbound guard). Read by shape, as fetch's errors may come from another realm.
 */
export function outcomeOfError(error: unknown): WebhookOutcome {
  return { kind: 'failed', reason: describeFailure(error) };
}

function describeFailure(error: unknown): string {
  if (!isErrorLike(error)) return String(error);
  if (error.name === 'TimeoutError') return 'timeout';
  if (error.name === 'OutboundUrlRefusedError') return `refused: ${String(error.reason)}`;
  const cause = isErrorLike(error.cause) ? error.cause : undefined;
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof cause?.message === 'string' && cause.message) return cause.message;
  return typeof error.message === 'string' ? error.message : String(error);
}

function isErrorLike(value: unknown): value is ErrorLike {
  return typeof value === 'object' && value !== null;
}
