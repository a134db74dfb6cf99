const E164 = /^\+[1-9]\d{1,14}$/;

/**
 * The E.164 form of a phone number that may be written with spaces, dashes, dots or
 * parentheses (`+1 (555) 010-0000`), or undefined when it is not an E.164 number.
 */
export function toE164(written: string): string | undefined {
  const compact = written.replace(/[\s\-.()]/g, '');
  return E164.test(compact) ? compact : undefined;
}
