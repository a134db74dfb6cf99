import { Inject, Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, Principal } from '@clarion/contracts';
import { GatewayEnv } from '../gateway.env';
import { GATEWAY_ENV } from '../gateway.tokens';
import { TokenBuckets } from './token-buckets';

/** Thrown when a key has used its requests; carries the seconds for Retry-After. */
export class RateLimitedError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      ErrorCode.RATE_LIMITED,
      'Too many requests for this API key',
      `Wait ${retryAfterSeconds} s (Retry-After) and spread requests out, or ask for a higher limit.`,
    );
  }
}

/** Per-API-key token buckets, in memory on each gateway replica. */
@Injectable()
export class RateLimiter {
  private readonly buckets: TokenBuckets;

  constructor(@Inject(GATEWAY_ENV) env: GatewayEnv) {
    this.buckets = new TokenBuckets(env.RATE_LIMIT_PER_SECOND, env.RATE_LIMIT_BURST);
  }

  /** Takes one request from the principal's bucket, or throws RateLimitedError. */
  admit(principal: Principal): void {
    const result = this.buckets.take(principal.keyId ?? `client:${principal.clientId}`);
    if (!result.allowed)
      throw new RateLimitedError(Math.max(1, Math.ceil(result.retryAfterMs / 1000)));
  }
}
