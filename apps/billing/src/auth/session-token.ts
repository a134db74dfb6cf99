import { KEY_RANDOM_LENGTH, regionMarkedKey } from '@clarion/contracts';
import { hashApiKey, randomToken } from '../api-keys/api-key-secret';

export const SESSION_TOKEN_PREFIX = 'clarion_st_';
export const SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;

/** `clarion_st_<region>_<40 random>`, marked with its region like API keys. */
export function newSessionToken(region: string): string {
  return regionMarkedKey(SESSION_TOKEN_PREFIX, region, randomToken(KEY_RANDOM_LENGTH));
}

/** Tokens, like keys, are random enough for a plain SHA-256 to store them safely. */
export const hashSessionToken = hashApiKey;
