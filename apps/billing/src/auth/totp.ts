import { Secret, TOTP } from 'otpauth';

const ISSUER = 'Clarion';

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s), as authenticator apps expect. */
export function totpFor(secretBase32: string, label = ''): TOTP {
  return new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(secretBase32) });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** Accepts the current code and its neighbours (±30 s of clock drift). */
export function isValidTotpCode(secretBase32: string, code: string): boolean {
  return totpFor(secretBase32).validate({ token: code, window: 1 }) !== null;
}
