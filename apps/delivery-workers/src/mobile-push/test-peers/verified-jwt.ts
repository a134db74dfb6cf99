import { KeyObject, verify } from 'node:crypto';

/** The decoded parts of a JWT whose signature checked out. */
export interface VerifiedJwt {
  header: Record<string, unknown>;
  claims: Record<string, unknown>;
}

/**
 * Checks a compact JWS the way Google and Apple do (alg from the expected algorithm, never from
 * the token) and returns its parts; throws saying what is wrong.
 */
export function verifiedJwt(
  jwt: string,
  algorithm: 'RS256' | 'ES256',
  publicKey: KeyObject,
): VerifiedJwt {
  const [encodedHeader, encodedClaims, encodedSignature, ...rest] = jwt.split('.');
  if (!encodedHeader || !encodedClaims || !encodedSignature || rest.length > 0) {
    throw new Error('not a compact JWS');
  }
  const header = decodedJson(encodedHeader);
  if (header['alg'] !== algorithm) throw new Error(`alg is ${String(header['alg'])}`);
  const signature = Buffer.from(encodedSignature, 'base64url');
  const signingInput = Buffer.from(`${encodedHeader}.${encodedClaims}`);
  const valid =
    algorithm === 'ES256'
      ? signature.length === 64 &&
        verify('sha256', signingInput, { key: publicKey, dsaEncoding: 'ieee-p1363' }, signature)
      : verify('sha256', signingInput, publicKey, signature);
  if (!valid) throw new Error('signature does not verify');
  return { header, claims: decodedJson(encodedClaims) };
}

function decodedJson(part: string): Record<string, unknown> {
  const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  if (typeof value !== 'object' || value === null) throw new Error('part is not a JSON object');
  return value as Record<string, unknown>;
}
