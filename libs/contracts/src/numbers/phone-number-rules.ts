/** What a number can do; `features` of a search and of a number record. */
export const NUMBER_FEATURES = ['sms', 'mms', 'voice'] as const;
export type NumberFeature = (typeof NUMBER_FEATURES)[number];

/** NumbersSearchAvailable `limit` (spec section 8). */
export const DEFAULT_NUMBER_SEARCH_LIMIT = 10;
export const MAX_NUMBER_SEARCH_LIMIT = 50;

/**
 * How long a released number stays with its account (spec sections 3.5 and 8): within it the
 * account may reactivate the number and nobody else may order it; after it the number is purged.
 */
export const NUMBER_RELEASE_WINDOW_DAYS = 14;

/** An ordered number is paid for at purchase and then every month on the same day. */
export const NUMBER_BILLING_STATUSES = ['active', 'released'] as const;
export type NumberBillingStatus = (typeof NUMBER_BILLING_STATUSES)[number];

/** US 10DLC (A2P) state of a number's messaging. */
export const NUMBER_A2P_STATUSES = ['pending', 'testing', 'approved'] as const;
export type NumberA2pStatus = (typeof NUMBER_A2P_STATUSES)[number];

/** Who sells the numbers: Twilio's REST API, or the sandbox inventory when none is configured. */
export type NumbersProviderName = 'twilio' | 'sandbox';

/** E.164: a plus, a country code that does not start with 0, at most 15 digits. */
export const E164_PATTERN = /^\+[1-9]\d{1,14}$/;
export const E164_MESSAGE = 'phoneNumber must be an E.164 number such as +14155550123';

/**
 * The E.164 form of a phone number that may be written with spaces, dashes, dots or
 * parentheses (`+1 (555) 010-0000`), as Twilio takes it, or undefined when it is not one.
 */
export function toE164(written: string): string | undefined {
  const compact = written.replace(/[\s\-.()]/g, '');
  return E164_PATTERN.test(compact) ? compact : undefined;
}
