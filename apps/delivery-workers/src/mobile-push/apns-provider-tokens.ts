import { ApnCredentials } from './push-credentials';
import { signedJwt } from './signed-jwt';

/**
 * APNs accepts a provider token for an hour and answers TooManyProviderTokenUpdates when one is
 * replaced more often than every 20 minutes; 50 minutes sits between the two.
 */
export const APNS_PROVIDER_TOKEN_LIFETIME_MS = 50 * 60_000;

interface CachedProviderToken {
  jwt: string;
  issuedAtMs: number;
}

/** ES256 provider tokens (JWTs) for APNs token-based auth, cached per team and key. */
export class ApnsProviderTokens {
  private readonly cached = new Map<string, CachedProviderToken>();

  constructor(private readonly nowMs: () => number = Date.now) {}

  providerTokenFor(credentials: ApnCredentials): string {
    const key = cacheKeyOf(credentials);
    const now = this.nowMs();
    const cached = this.cached.get(key);
    if (cached && now - cached.issuedAtMs < APNS_PROVIDER_TOKEN_LIFETIME_MS) return cached.jwt;
    const jwt = signedJwt(
      { alg: 'ES256', kid: credentials.keyId },
      { iss: credentials.teamId, iat: Math.floor(now / 1000) },
      credentials.privateKey,
    );
    this.cached.set(key, { jwt, issuedAtMs: now });
    return jwt;
  }

  /** Forgets `jwt` after APNs rejected it (but keeps a newer one another send made). */
  invalidate(credentials: ApnCredentials, jwt: string): void {
    const key = cacheKeyOf(credentials);
    if (this.cached.get(key)?.jwt === jwt) this.cached.delete(key);
  }
}

function cacheKeyOf(credentials: ApnCredentials): string {
  return `${credentials.teamId}:${credentials.keyId}`;
}
