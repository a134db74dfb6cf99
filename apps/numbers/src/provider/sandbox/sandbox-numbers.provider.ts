import { createHash } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { DomainError, ErrorCode } from '@clarion/contracts';
import {
  AvailableNumber,
  AvailableNumbersQuery,
  NumbersProvider,
  PurchasedNumber,
} from '../numbers-provider';
import { sandboxFriendlyName, sandboxInventory, sandboxNumber } from './sandbox-inventory';

/** Which of `phoneNumbers` an account holds already (active or within its release window). */
export type HeldNumbers = (phoneNumbers: string[]) => Promise<ReadonlySet<string>>;

/**
 * Stands in for a provider nobody configured, so `npm start` works out of the box: a generated
 * inventory per country and area code (sandbox-inventory.ts) that never offers a number an
 * account holds. An order is recorded on the number (`provider: sandbox`), nothing is bought.
 */
export class SandboxNumbersProvider implements NumbersProvider {
  readonly name = 'sandbox';
  private readonly logger = new Logger(SandboxNumbersProvider.name);

  constructor(private readonly heldAmong: HeldNumbers) {}

  async search(query: AvailableNumbersQuery): Promise<AvailableNumber[]> {
    const candidates = sandboxInventory(query.countryCode, query.areaCode).filter((number) =>
      query.features.every((feature) => number.features.includes(feature)),
    );
    const held = await this.heldAmong(candidates.map((number) => number.phoneNumber));
    return candidates.filter((number) => !held.has(number.phoneNumber)).slice(0, query.limit);
  }

  purchase(phoneNumber: string): Promise<PurchasedNumber> {
    const offered = sandboxNumber(phoneNumber);
    if (!offered) {
      return Promise.reject(
        new DomainError(
          ErrorCode.PHONE_NUMBER_UNAVAILABLE,
          `The sandbox has no number ${phoneNumber} to sell`,
          'No telephony provider is configured (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN), so numbers come from the sandbox: order one that GET /numbers/available offers.',
        ),
      );
    }
    this.logger.log(`Sandbox: recorded the order of ${phoneNumber}; nothing was bought`);
    return Promise.resolve({
      providerSid: `SB${createHash('sha256').update(phoneNumber).digest('hex').slice(0, 32)}`,
      friendlyName: sandboxFriendlyName(phoneNumber),
      features: offered.features,
    });
  }

  /** Nothing was bought, so nothing is given back. */
  release(): Promise<void> {
    return Promise.resolve();
  }
}
