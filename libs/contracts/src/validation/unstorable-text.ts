/**
 * U+0000 and unpaired surrogates are valid in JSON and in decoded mail, but can be stored nowhere
 * (PostgreSQL refuses both in text and jsonb). With the `u` flag a paired surrogate is one code
 * point, so `\p{Cs}` matches only the unpaired ones.
 */
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const UNSTORABLE = /[\u0000\p{Cs}]/u;
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const EVERY_UNSTORABLE = /[\u0000\p{Cs}]/gu;

/**
 * The text with each unstorable character replaced by U+FFFD (the replacement character), for
 * text Clarion must keep although a sender wrote it (inbound mail); requests are refused instead.
 */
export function storableText(text: string): string {
  return UNSTORABLE.test(text) ? text.replace(EVERY_UNSTORABLE, '\uFFFD') : text;
}

/** The path of the first string (or key) in `value` that holds unstorable text, if any. */
export function findUnstorableText(value: unknown, path: string): string | undefined {
  // Almost every request holds none: walked once without building paths, and again if it does.
  return holdsUnstorableText(value) ? pathOfUnstorableText(value, path) : undefined;
}

function holdsUnstorableText(value: unknown): boolean {
  if (typeof value === 'string') return UNSTORABLE.test(value);
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some(holdsUnstorableText);
  for (const key of Object.keys(value)) {
    if (UNSTORABLE.test(key) || holdsUnstorableText((value as Record<string, unknown>)[key])) {
      return true;
    }
  }
  return false;
}

function pathOfUnstorableText(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = pathOfUnstorableText(value[i], `${path}[${i}]`);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, child] of Object.entries(value)) {
    if (UNSTORABLE.test(key)) return `${path} (a key)`;
    const found = pathOfUnstorableText(child, `${path}.${key}`);
    if (found) return found;
  }
  return undefined;
}
