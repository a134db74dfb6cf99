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
    const result = this.buckets.take(bucketOf(principal));
    if (!result.allowed)
      throw new RateLimitedError(Math.max(1, Math.ceil(result.retryAfterMs / 1000)));
  }
}

/** One bucket per API key, per signed-in member, or per environment for client credentials. */
function bucketOf(principal: Principal): string {
  if (principal.keyId) return `key:${principal.keyId}`;
  if (principal.member) return `member:${principal.member.profileId}`;
  return `client:${principal.clientId}`;
}
