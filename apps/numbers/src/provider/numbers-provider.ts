import { NumberFeature, NumbersProviderName } from '@clarion/contracts';

/** What a search asks the provider for. */
export interface AvailableNumbersQuery {
  /** ISO 3166-1 alpha-2, upper case. */
  countryCode: string;
  areaCode?: string;
  /** Every result has all of them. */
  features: readonly NumberFeature[];
  limit: number;
}

/** A number the provider offers, as it describes it. */
export interface AvailableNumber {
  phoneNumber: string;
  countryCode: string;
  locality?: string;
  administrativeArea?: string;
  numberType: string;
  features: NumberFeature[];
}

/** A number the provider sold to the operator's account. */
export interface PurchasedNumber {
  /** The provider's id of the number (Twilio's `PN…` SID), needed to release it. */
  providerSid: string;
  /** The provider's display name of the number, e.g. `(415) 555-0123`. */
  friendlyName?: string;
  /** What the provider says the number can do, when its answer says. */
  features?: NumberFeature[];
}

/**
 * Where numbers come from. Failures are DomainErrors: PHONE_NUMBER_UNAVAILABLE when the provider
 * refuses to sell a number, PROVIDER_ERROR when it cannot be asked.
 */
export interface NumbersProvider {
  readonly name: NumbersProviderName;
  search(query: AvailableNumbersQuery): Promise<AvailableNumber[]>;
  purchase(phoneNumber: string): Promise<PurchasedNumber>;
  /** Gives a number back to the provider; a number the provider no longer has counts as given back. */
  release(providerSid: string): Promise<void>;
}

export const NUMBERS_PROVIDER = Symbol('NUMBERS_PROVIDER');
