import { createHmac, timingSafeEqual } from 'node:crypto';
import { storableText, UnauthorizedError } from '@clarion/contracts';
import { EndUser } from '../auth/authenticated-request';

/** How long a stream token opens streams: long enough to open one, short enough not to leak. */
export const STREAM_TOKEN_TTL_MS = 60_000;
/** How far ahead of this replica's clock the replica that signed a token may run. */
const CLOCK_SKEW_MS = 60_000;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface StreamTokenClaims {
  /** accountId, envId, userId, expiry (epoch ms). */
  a: string;
  e: string;
  u: string;
  x: number;
}

/**
 * A token that opens the end user's in-app streams until it expires: base64url(claims) "."
 * base64url(HMAC-SHA256(secret, claims)). Browsers' EventSource cannot send an Authorization
 * header, so the page asks for one with the user's credentials and puts it in the stream's URL.
 */
export function signStreamToken(
  user: EndUser,
  secret: string,
  now = Date.now(),
): { token: string; expiresAt: string } {
  const expires = now + STREAM_TOKEN_TTL_MS;
  const claims: StreamTokenClaims = {
    a: user.accountId,
    e: user.envId,
    u: user.userId,
    x: expires,
  };
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return {
    token: `${body}.${signatureOf(body, secret)}`,
    expiresAt: new Date(expires).toISOString(),
  };
}

/**
 * The end user a stream token was given to; 401 when it is forged, malformed or expired. The
 * signature alone proves little where the development secret (public) signs: every claim is
 * checked for its type and shape, and an expiry further ahead than any token lasts is refused.
 */
export function verifyStreamToken(token: string, secret: string, now = Date.now()): EndUser {
  const [body, signature, extra] = token.split('.');
  if (body === undefined || signature === undefined || extra !== undefined) throw invalidToken();
  const expected = Buffer.from(signatureOf(body, secret));
  const presented = Buffer.from(signature);
  if (expected.length !== presented.length || !timingSafeEqual(expected, presented)) {
    throw invalidToken();
  }
  const claims = claimsOf(body);
  if (!claims || claims.x > now + STREAM_TOKEN_TTL_MS + CLOCK_SKEW_MS) throw invalidToken();
  if (claims.x <= now) {
    throw new UnauthorizedError(
      'The stream token has expired',
      'Get a new one from POST /user/inapp/stream-token just before opening the stream.',
    );
  }
  return { accountId: claims.a, envId: claims.e, userId: claims.u };
}

/** The claims of a signed body, or undefined when any of them is missing or mistyped. */
function claimsOf(body: string): StreamTokenClaims | undefined {
  if (!BASE64URL.test(body)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  const { a, e, u, x } = parsed as Record<string, unknown>;
  const valid =
    isUuid(a) &&
    isUuid(e) &&
    typeof u === 'string' &&
    u !== '' &&
    // Text PostgreSQL cannot store (NUL, unpaired surrogates) is in no user id that signed in.
    storableText(u) === u &&
    Number.isSafeInteger(x);
  return valid ? { a, e, u, x: x as number } : undefined;
}

function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

function signatureOf(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('base64url');
}

function invalidToken(): UnauthorizedError {
  return new UnauthorizedError(
    'The stream token is not valid',
    'Get one from POST /user/inapp/stream-token with the end user’s Basic credentials.',
  );
}
