import { describeFetchError } from './fetch-failure';
import { FcmCredentials } from './push-credentials';
import { retryAfterMs } from '../delivery/retry-after';
import { signedJwt } from './signed-jwt';

const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const ASSERTION_LIFETIME_S = 3600;
/** A token is replaced this long before Google says it expires, so none expires in flight. */
const EXPIRY_MARGIN_MS = 60_000;

/** The token endpoint refused or failed; `retryable` when trying again later may work. */
export class GoogleTokenExchangeError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = GoogleTokenExchangeError.name;
  }
}

interface CachedAccessToken {
  accessToken: string;
  refreshAtMs: number;
}

/**
 * OAuth 2.0 access tokens for service accounts (RFC 7523 JWT bearer grant), cached per
 * service account until shortly before they expire; concurrent callers share one exchange.
 */
export class GoogleAccessTokens {
  private readonly cached = new Map<string, CachedAccessToken>();
  private readonly inFlight = new Map<string, Promise<string>>();

  constructor(
    private readonly tokenUrl: string,
    private readonly timeoutMs: number,
    private readonly nowMs: () => number = Date.now,
  ) {}

  accessTokenFor(credentials: FcmCredentials): Promise<string> {
    const cached = this.cached.get(credentials.clientEmail);
    if (cached && this.nowMs() < cached.refreshAtMs) return Promise.resolve(cached.accessToken);
    const pending = this.inFlight.get(credentials.clientEmail);
    if (pending) return pending;
    const exchange = this.exchange(credentials).finally(() =>
      this.inFlight.delete(credentials.clientEmail),
    );
    this.inFlight.set(credentials.clientEmail, exchange);
    return exchange;
  }

  /** Forgets `accessToken` after FCM rejected it (but keeps a newer one another call got). */
  invalidate(clientEmail: string, accessToken: string): void {
    if (this.cached.get(clientEmail)?.accessToken === accessToken) this.cached.delete(clientEmail);
  }

  private async exchange(credentials: FcmCredentials): Promise<string> {
    const issuedAtMs = this.nowMs();
    const response = await this.post(this.assertionFor(credentials, issuedAtMs));
    const answer = await jsonObjectOf(response);
    if (!response.ok) {
      const reason = [answer['error'], answer['error_description']]
        .filter((part) => typeof part === 'string' && part !== '')
        .join(': ');
      throw new GoogleTokenExchangeError(
        `Google OAuth token endpoint answered ${response.status}${reason ? ` (${reason})` : ''}`,
        response.status === 429 || response.status >= 500,
        retryAfterMs(response.headers.get('retry-after')),
      );
    }
    const accessToken = answer['access_token'];
    const expiresIn = answer['expires_in'];
    if (typeof accessToken !== 'string' || typeof expiresIn !== 'number') {
      throw new GoogleTokenExchangeError('Google OAuth token endpoint gave no access_token', true);
    }
    this.cached.set(credentials.clientEmail, {
      accessToken,
      refreshAtMs: issuedAtMs + expiresIn * 1000 - EXPIRY_MARGIN_MS,
    });
    return accessToken;
  }

  private assertionFor(credentials: FcmCredentials, issuedAtMs: number): string {
    const iat = Math.floor(issuedAtMs / 1000);
    return signedJwt(
      { alg: 'RS256', typ: 'JWT' },
      {
        iss: credentials.clientEmail,
        scope: FCM_SCOPE,
        aud: this.tokenUrl,
        iat,
        exp: iat + ASSERTION_LIFETIME_S,
      },
      credentials.privateKey,
    );
  }

  private async post(assertion: string): Promise<Response> {
    try {
      return await fetch(this.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: JWT_BEARER_GRANT, assertion }).toString(),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new GoogleTokenExchangeError(
        `Google OAuth token endpoint unreachable: ${describeFetchError(error)}`,
        true,
      );
    }
  }
}

/** The response's JSON object, or an empty one when the body is something else. */
async function jsonObjectOf(response: Response): Promise<Record<string, unknown>> {
  const parsed: unknown = await response.json().catch(() => undefined);
  return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
}
