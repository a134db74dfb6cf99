import { HttpStatus } from '@nestjs/common';
import { DomainError } from '@clarion/contracts';
import { httpStatusOf } from './http-status-of';

/** For answers that mean "not now" and carry no time of their own. */
const DEFAULT_RETRY_AFTER_SECONDS = 2;
const NOT_NOW = new Set<number>([
  HttpStatus.TOO_MANY_REQUESTS,
  HttpStatus.SERVICE_UNAVAILABLE,
  HttpStatus.GATEWAY_TIMEOUT,
]);

/**
 * The Retry-After of an error answer, in whole seconds: the error's own (a rate limit's refill, a
 * lockout's end) or, for every 429, 503 and 504, a short default. Undefined for other answers.
 */
export function retryAfterOf(error: DomainError): number | undefined {
  const own = error.retryAfterSeconds;
  if (own !== undefined && Number.isFinite(own)) return Math.max(1, Math.ceil(own));
  return NOT_NOW.has(httpStatusOf(error.code)) ? DEFAULT_RETRY_AFTER_SECONDS : undefined;
}
