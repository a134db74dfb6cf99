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
 * How far credentials from an address are checked: `any` asks billing about credentials it does
 * not know; `known` (the address is over its budget) only about ones seen valid before, so a
 * flood of made-up keys costs no billing round trip.
 */
export type CredentialCheck = 'any' | 'known';

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

  constructor(@Inject(GATEWAY_ENV) env: GatewayEnv) {
    const perSecond = env.AUTH_FAILURE_LIMIT_PER_MINUTE / 60;
    this.credentialFailures = new TokenBuckets(perSecond, env.AUTH_FAILURE_BURST);
    this.signInFailures = new TokenBuckets(perSecond, env.AUTH_FAILURE_BURST);
  }

  /**
   * Checks the credentials of a request from `address`. An address over its budget is still
   * checked, against known credentials only: valid ones pass (behind a shared proxy address,
   * someone else's guessing never locks a tenant out), failing ones get 429 instead of 401.
   */
  async screen<T>(
    address: string,
    authenticate: (check: CredentialCheck) => Promise<T>,
  ): Promise<T> {
    const standing = this.credentialFailures.peek(address);
    try {
      return await authenticate(standing.allowed ? 'any' : 'known');
    } catch (error) {
      if (!isFailedAuthentication(error)) throw error;
      // Over budget, a failure asked billing nothing, so it costs nothing: Retry-After stays the
      // time until the address may have unknown credentials looked up again.
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
