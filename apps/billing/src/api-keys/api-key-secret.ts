import { createHash, randomBytes } from 'node:crypto';
import { KEY_RANDOM_LENGTH, regionMarkedKey } from '@clarion/contracts';

export const KEY_PREFIXES = { secret: 'clarion_sk_', public: 'clarion_pk_' } as const;

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A random string of `length` characters from [0-9A-Za-z] (about 5.95 bits each). */
export function randomToken(length: number): string {
  const bytes = randomBytes(length * 2);
  let token = '';
  for (const byte of bytes) {
    // 248 = 4 * 62: rejecting bytes above it keeps every character equally likely.
    if (byte < 248) token += ALPHABET[byte % 62];
    if (token.length === length) return token;
  }
  return token + randomToken(length - token.length);
}

/** `clarion_sk_<region>_<40 random>`: any region's gateway can tell where the key belongs. */
export function newApiKey(region: string, type: keyof typeof KEY_PREFIXES = 'secret'): string {
  return regionMarkedKey(KEY_PREFIXES[type], region, randomToken(KEY_RANDOM_LENGTH));
}

/** How a stored key is shown: its prefix and last four characters. */
export function maskedKey(type: keyof typeof KEY_PREFIXES, hint: string): string {
  return `${KEY_PREFIXES[type]}…${hint}`;
}

/** Keys carry 238 bits of randomness, so a plain SHA-256 is enough to store them safely. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
