/** What a hint shows of a secret's end; shorter secrets show none of it. */
const HINT_LENGTH = 4;
const SHORTEST_HINTED = 16;

/** A leading `whsec_`, `xoxb-`, `clarion_sk_`: a kind of secret, not part of its randomness. */
const KIND_PREFIX = /^[A-Za-z]+(?:_[A-Za-z]+)*[_-]/;

/**
 * How a secret is shown once it has been given: its kind prefix and its last four characters
 * (`whsec_…Qx9z`), enough to tell secrets apart and never enough to use one.
 */
export function secretHint(secret: string): string {
  if (isSecretHint(secret)) return secret;
  const prefix = KIND_PREFIX.exec(secret)?.[0] ?? '';
  const rest = secret.slice(prefix.length);
  return rest.length >= SHORTEST_HINTED ? `${prefix}…${rest.slice(-HINT_LENGTH)}` : `${prefix}…`;
}

/** Whether `value` is a hint of a secret rather than the secret (a client sent back what it read). */
export function isSecretHint(value: unknown): boolean {
  return typeof value === 'string' && value.includes('…');
}
