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
 * Whether billing may be asked about credentials the gateway has not seen resolve: always, from
 * an address within its failure budget; from one over it, at AUTH_LIMITED_LOOKUPS_PER_MINUTE,
 * so a flood of made-up keys costs billing a trickle and a valid key is still served.
 */
export interface CredentialCheck {
  mayLookUpUnknown(): boolean;
}

export const LOOK_UP_ANY: CredentialCheck = { mayLookUpUnknown: () => true };

/**
 * Failed authentications per client address (request.ip, see TRUST_PROXY), in memory on each
 * gateway replica: each failure takes a token from the address's bucket (AUTH_FAILURE_BURST,
 * refilled at AUTH_FAILURE_LIMIT_PER_MINUTE). Keys, client secrets, hmacs and sessions have one
 * bucket, password sign-ins another, so neither locks the other out.
 */
@Injectable()
export class AuthFailureLimiter {
  private readonly credentialFailures: TokenBuckets;
  private readonly signInFailures: TokenBuckets;
  /** Lookups of unknown credentials an address over its budget may still have, one at a time. */
  private readonly limitedLookups: TokenBuckets;

  constructor(@Inject(GATEWAY_ENV) env: GatewayEnv) {
    const perSecond = env.AUTH_FAILURE_LIMIT_PER_MINUTE / 60;
    this.credentialFailures = new TokenBuckets(perSecond, env.AUTH_FAILURE_BURST);
    this.signInFailures = new TokenBuckets(perSecond, env.AUTH_FAILURE_BURST);
    this.limitedLookups = new TokenBuckets(env.AUTH_LIMITED_LOOKUPS_PER_MINUTE / 60, 1);
  }

  /**
   * Checks the credentials of a request from `address`. An address over its budget is still
   * checked: credentials seen valid pass at once, others are looked up at a trickle, so valid
   * ones are served (behind a shared proxy address, someone else's guessing never locks a tenant
   * out) while failing ones get 429 instead of 401.
   */
  async screen<T>(
    address: string,
    authenticate: (check: CredentialCheck) => Promise<T>,
  ): Promise<T> {
    const standing = this.credentialFailures.peek(address);
    const check: CredentialCheck = standing.allowed
      ? LOOK_UP_ANY
      : { mayLookUpUnknown: () => this.limitedLookups.take(address).allowed };
    try {
      return await authenticate(check);
    } catch (error) {
      if (!isFailedAuthentication(error)) throw error;
      // Over budget, a failure is not counted again: Retry-After stays the time until the
      // address is within its budget.
      if (!standing.allowed) throw tooManyFailures(standing.retryAfterMs);
      this.credentialFailures.spend(address);
      throw error;
    }
  }

  /**
   * A password sign-in from `address`: refused with 429 before it is checked while the address
   * is over its budget. Unlike a key, a password can be guessed, and letting a right guess through
   * would make the limit worthless against spraying one password over many emails; billing's
   * lockout of a profile after 5 wrong passwords covers guessing one email from many addresses.
   */
  async screenSignIn<T>(address: string, signIn: () => Promise<T>): Promise<T> {
    const standing = this.signInFailures.peek(address);
    if (!standing.allowed) throw tooManyFailures(standing.retryAfterMs);
    try {
      return await signIn();
    } catch (error) {
      if (isFailedAuthentication(error)) this.signInFailures.spend(address);
      throw error;
    }
  }
}

function isFailedAuthentication(error: unknown): boolean {
  return error instanceof DomainError && FAILED_AUTHENTICATION.has(error.code);
}

function tooManyFailures(retryAfterMs: number): RateLimitedError {
  return new RateLimitedError(
    'Too many failed authentications from this address',
    retryAfterMs,
    'check the credentials before trying again',
  );
}
