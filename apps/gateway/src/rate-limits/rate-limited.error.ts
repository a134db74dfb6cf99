import { DomainError, ErrorCode } from '@clarion/contracts';

/** A request refused by one of the gateway's limits; carries the seconds for Retry-After. */
export class RateLimitedError extends DomainError {
  constructor(message: string, retryAfterMs: number, advice = 'spread requests out') {
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    super(
      ErrorCode.RATE_LIMITED,
      message,
      `Wait ${seconds} s (Retry-After) and ${advice}.`,
      seconds,
    );
  }
}
