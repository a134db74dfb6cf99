import { createPrivateKey, KeyObject, sign } from 'node:crypto';

/** The JWS algorithms the push providers take: RS256 (Google OAuth), ES256 (APNs). */
export type JwtAlgorithm = 'RS256' | 'ES256';

export interface JwtHeader {
  alg: JwtAlgorithm;
  typ?: 'JWT';
  kid?: string;
}

/** A compact JWS `header.claims.signature`, signed with a PEM or KeyObject private key. */
export function signedJwt(
  header: JwtHeader,
  claims: Record<string, string | number>,
  privateKey: string | KeyObject,
): string {
  const signingInput = `${base64UrlJson(header)}.${base64UrlJson(claims)}`;
  const key = typeof privateKey === 'string' ? createPrivateKey(privateKey) : privateKey;
  // JWS wants ECDSA signatures as r || s (RFC 7518 3.4), not the DER OpenSSL produces by default.
  const signature =
    header.alg === 'ES256'
      ? sign('sha256', Buffer.from(signingInput), { key, dsaEncoding: 'ieee-p1363' })
      : sign('sha256', Buffer.from(signingInput), key);
  return `${signingInput}.${signature.toString('base64url')}`;
}

function base64UrlJson(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}
