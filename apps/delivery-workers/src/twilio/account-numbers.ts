import { FailedOutcome, RetryOutcome } from '../delivery/provider-outcome';
import { TwilioClient } from './twilio-client';
import { outcomeOfFailure } from './twilio-outcome';

export const ACCOUNT_NUMBER_TTL_MS = 5 * 60_000;
/** Overrides are few; the bound only keeps arbitrary `from` values from growing the cache. */
const MAX_REMEMBERED = 1_000;

/** Whether the account owns a number, or why Twilio could not say. */
export type AccountNumberCheck = { owned: boolean } | { outcome: RetryOutcome | FailedOutcome };

/**
 * Which numbers belong to the Twilio account (a send's `from` override must be one), from
 * `IncomingPhoneNumbers.json`; each answer is remembered for five minutes.
 */
export class AccountNumbers {
  private readonly answers = new Map<string, { owned: boolean; expiresAt: number }>();

  constructor(
    private readonly client: TwilioClient,
    private readonly now: () => number = Date.now,
    private readonly ttlMs: number = ACCOUNT_NUMBER_TTL_MS,
  ) {}

  /** `phoneNumber` is E.164. */
  async check(phoneNumber: string): Promise<AccountNumberCheck> {
    const remembered = this.answers.get(phoneNumber);
    if (remembered && remembered.expiresAt > this.now()) return { owned: remembered.owned };

    const result = await this.client.findIncomingNumbers(phoneNumber);
    if (!result.ok) {
      // Unlike a send, a lookup is safe to repeat.
      const outcome: RetryOutcome | FailedOutcome =
        result.failure.kind === 'unreadable'
          ? { status: 'retry', reason: result.failure.reason }
          : outcomeOfFailure(result.failure);
      return { outcome };
    }
    const owned = result.value.phoneNumbers.includes(phoneNumber);
    this.remember(phoneNumber, owned);
    return { owned };
  }

  private remember(phoneNumber: string, owned: boolean): void {
    this.answers.delete(phoneNumber);
    if (this.answers.size >= MAX_REMEMBERED) {
      const oldest = this.answers.keys().next();
      if (!oldest.done) this.answers.delete(oldest.value);
    }
    this.answers.set(phoneNumber, { owned, expiresAt: this.now() + this.ttlMs });
  }
}
