import { hashApiKey, randomToken } from '../api-keys/api-key-secret';

export const SESSION_TOKEN_PREFIX = 'clarion_st_';
export const SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;

export function newSessionToken(): string {
  return `${SESSION_TOKEN_PREFIX}${randomToken(40)}`;
}

/** Tokens, like keys, are random enough for a plain SHA-256 to store them safely. */
export const hashSessionToken = hashApiKey;
