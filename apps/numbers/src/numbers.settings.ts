import { NumbersEnv } from './numbers.env';
import { MonthlyPrices } from './pricing/monthly-prices';

/** Twilio's test number that is always a valid sender: the shared number of the sandbox. */
export const SANDBOX_SHARED_NUMBER = '+15005550006';

/** What the numbers service is configured with, beyond its provider. */
export class NumbersSettings {
  constructor(
    /** The number every account may send from; never sold to one. */
    readonly sharedNumber: string,
    readonly prices: MonthlyPrices,
  ) {}

  static of(env: NumbersEnv): NumbersSettings {
    return new NumbersSettings(
      env.TWILIO_FROM_NUMBER?.replace(/[\s\-.()]/g, '') || SANDBOX_SHARED_NUMBER,
      MonthlyPrices.parse(env.NUMBER_MONTHLY_PRICES),
    );
  }
}
