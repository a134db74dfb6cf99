import { E164_PATTERN } from '@clarion/contracts';

/**
 * The E.164 form of a phone number that may be written with spaces, dashes, dots or
 * parentheses (`+1 (555) 010-0000`), or undefined when it is not an E.164 number.
 */
export function toE164(written: string): string | undefined {
  const compact = written.replace(/[\s\-.()]/g, '');
  return E164_PATTERN.test(compact) ? compact : undefined;
}

/**
 * Where an SMS or call goes, keyed as Twilio writes numbers (E.164), so that inbound texts and
 * STOP find the attempt whichever way the user's number was written.
 */
export function phoneAddressesOf(number: string | undefined): { address: string }[] {
  return number ? [{ address: toE164(number) ?? number }] : [];
}
