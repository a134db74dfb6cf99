import { Inject, Injectable } from '@nestjs/common';
import { DomainError, ErrorCode } from '@clarion/contracts';
import { GatewayEnv } from '../gateway.env';
import { GATEWAY_ENV } from '../gateway.tokens';
import { RateLimitedError } from './rate-limited.error';
import { TokenBuckets } from './token-buckets';

/** Answers that mean the credentials were wrong (a wrong MFA code at sign-in too). */
const FAILED_AUTHENTICATION = new Set<ErrorCode>([
  ErrorCode.UNAUTHORIZED,
  ErrorCode.MFA_CODE_INVALID,
]);

/**
 * Failed authentications per client address (request.ip, see TRUST_PROXY), in memory on each
 * gateway replica: each failure takes a token from the address's bucket
 * (AUTH_FAILURE_BURST, refilled at AUTH_FAILURE_LIMIT_PER_MINUTE). While the bucket is empty every
 * request with credentials from that address is refused with 429 before it is checked, so
 * guessing keys, secrets, hmacs or passwords costs no billing round trip; valid credentials from
 * that address wait too, but only until a token is back. Successful authentications cost a map
 * look-up and nothing else.
 */
@Injectable()
export class AuthFailureLimiter {
  private readonly failures: TokenBuckets;

  constructor(@Inject(GATEWAY_ENV) env: GatewayEnv) {
    this.failures = new TokenBuckets(
      env.AUTH_FAILURE_LIMIT_PER_MINUTE / 60,
      env.AUTH_FAILURE_BURST,
    );
  }

  /** Runs `authenticate` for a request from `address`, unless that address failed too often. */
  async screen<T>(address: string, authenticate: () => Promise<T>): Promise<T> {
    const standing = this.failures.peek(address);
    if (!standing.allowed) {
      throw new RateLimitedError(
        'Too many failed authentications from this address',
        standing.retryAfterMs,
        'check the credentials before trying again',
      );
    }
    try {
      return await authenticate();
    } catch (error) {
      if (error instanceof DomainError && FAILED_AUTHENTICATION.has(error.code)) {
        this.failures.spend(address);
      }
      throw error;
    }
  }
}
