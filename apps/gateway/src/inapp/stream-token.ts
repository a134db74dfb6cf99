import { createHmac, timingSafeEqual } from 'node:crypto';
import { UnauthorizedError } from '@clarion/contracts';
import { EndUser } from '../auth/authenticated-request';

/** How long a stream token opens streams: long enough to open one, short enough not to leak. */
export const STREAM_TOKEN_TTL_MS = 60_000;

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

/** The end user a stream token was given to; 401 when it is forged, malformed or expired. */
export function verifyStreamToken(token: string, secret: string, now = Date.now()): EndUser {
  const [body, signature, extra] = token.split('.');
  if (body === undefined || signature === undefined || extra !== undefined) throw invalidToken();
  const expected = Buffer.from(signatureOf(body, secret));
  const presented = Buffer.from(signature);
  if (expected.length !== presented.length || !timingSafeEqual(expected, presented)) {
    throw invalidToken();
  }
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as StreamTokenClaims;
  if (claims.x <= now) {
    throw new UnauthorizedError(
      'The stream token has expired',
      'Get a new one from POST /user/inapp/stream-token just before opening the stream.',
    );
  }
  return { accountId: claims.a, envId: claims.e, userId: claims.u };
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
