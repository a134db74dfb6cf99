import { ExpiringCache } from '@clarion/runtime';
import { FailedOutcome, RetryOutcome } from '../delivery/provider-outcome';
import { TwilioClient } from './twilio-client';
import { outcomeOfFailure } from './twilio-outcome';

const ACCOUNT_NUMBER_TTL_MS = 5 * 60_000;
/** Overrides are few; the bound only keeps arbitrary `from` values from growing the cache. */
const MAX_REMEMBERED = 1_000;

/** Whether the account owns a number, or why Twilio could not say. */
export type AccountNumberCheck = { owned: boolean } | { outcome: RetryOutcome | FailedOutcome };

/** Twilio could not answer the lookup; not remembered, so the next check asks again. */
class LookupFailed extends Error {
  constructor(readonly outcome: RetryOutcome | FailedOutcome) {
    super(outcome.reason);
  }
}

/**
 * Which numbers belong to the Twilio account (a send's `from` override must be one), from
 * `IncomingPhoneNumbers.json`; each answer is remembered for five minutes.
 */
export class AccountNumbers {
  private readonly owned = new ExpiringCache<boolean>(
    ACCOUNT_NUMBER_TTL_MS,
    0,
    () => false,
    MAX_REMEMBERED,
  );

  constructor(private readonly client: TwilioClient) {}

  /** `phoneNumber` is E.164. */
  async check(phoneNumber: string): Promise<AccountNumberCheck> {
    try {
      return { owned: await this.owned.get(phoneNumber, () => this.lookUp(phoneNumber)) };
    } catch (error) {
      if (error instanceof LookupFailed) return { outcome: error.outcome };
      throw error;
    }
  }

  private async lookUp(phoneNumber: string): Promise<boolean> {
    const result = await this.client.findIncomingNumbers(phoneNumber);
    if (result.ok) return result.value.phoneNumbers.includes(phoneNumber);
    // Unlike a send, a lookup is safe to repeat.
    throw new LookupFailed(
      result.failure.kind === 'unreadable'
        ? { status: 'retry', reason: result.failure.reason }
        : outcomeOfFailure(result.failure),
    );
  }
}
