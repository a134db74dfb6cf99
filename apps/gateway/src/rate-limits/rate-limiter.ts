import { Inject, Injectable } from '@nestjs/common';
import { Principal } from '@clarion/contracts';
import { EndUser } from '../auth/authenticated-request';
import { GatewayEnv } from '../gateway.env';
import { GATEWAY_ENV } from '../gateway.tokens';
import { RateLimitedError } from './rate-limited.error';
import { TokenBuckets } from './token-buckets';

/** Request rates per API key and per end user: token buckets in memory on each gateway replica. */
@Injectable()
export class RateLimiter {
  private readonly keys: TokenBuckets;
  private readonly endUsers: TokenBuckets;

  constructor(@Inject(GATEWAY_ENV) env: GatewayEnv) {
    this.keys = new TokenBuckets(env.RATE_LIMIT_PER_SECOND, env.RATE_LIMIT_BURST);
    this.endUsers = new TokenBuckets(
      env.END_USER_RATE_LIMIT_PER_SECOND,
      env.END_USER_RATE_LIMIT_BURST,
    );
  }

  /** Takes one request from the principal's bucket, or throws RateLimitedError. */
  admit(principal: Principal): void {
    const result = this.keys.take(bucketOf(principal));
    if (!result.allowed) {
      throw new RateLimitedError(
        'Too many requests for this API key',
        result.retryAfterMs,
        'spread requests out, or ask for a higher limit',
      );
    }
  }

  /** Takes one request from the end user's bucket (per environment, so per clientId). */
  admitEndUser(endUser: EndUser): void {
    const result = this.endUsers.take(`${endUser.envId}\u0000${endUser.userId}`);
    if (!result.allowed)
      throw new RateLimitedError('Too many requests for this end user', result.retryAfterMs);
  }
}

/** One bucket per API key, per signed-in member, or per environment for client credentials. */
function bucketOf(principal: Principal): string {
  if (principal.keyId) return `key:${principal.keyId}`;
  if (principal.member) return `member:${principal.member.profileId}`;
  return `client:${principal.clientId}`;
}
