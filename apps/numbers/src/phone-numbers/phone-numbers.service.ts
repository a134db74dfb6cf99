import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  AvailablePhoneNumberDto,
  DomainError,
  ErrorCode,
  ListPhoneNumbersResponseDto,
  ListReleasedPhoneNumbersResponseDto,
  newTimeOrderedId,
  NotFoundError,
  NumberA2pStatus,
  NumbersProviderName,
  OrderPhoneNumberRequest,
  OrderPhoneNumberResponseDto,
  PhoneNumberDto,
  PhoneNumberRouteReply,
  ReleasePhoneNumberResponseDto,
  SearchAvailableNumbersRequest,
  SearchAvailablePhoneNumbersResponseDto,
} from '@clarion/contracts';
import { A2pCampaignsRepository } from '../a2p/a2p-campaigns.repository';
import { nextBillingDate } from '../fees/billing-periods';
import { NumberFees } from '../fees/number-fees';
import { NumbersSettings } from '../numbers.settings';
import { AvailableNumber, NUMBERS_PROVIDER, NumbersProvider } from '../provider/numbers-provider';
import { countryOfNumber } from './calling-codes';
import { LockedPhoneNumber, NumberOffer } from './locked-phone-number';
import { decideOrder } from './order-decision';
import { toPhoneNumberResponse } from './phone-number.mapper';
import { PhoneNumbersRepository } from './phone-numbers.repository';
import { heldUntil, isWithinReleaseWindow, releaseWindowCutoff } from './release-window';

/** Searching, ordering, listing and releasing the phone numbers of accounts. */
@Injectable()
export class PhoneNumbersService {
  private readonly logger = new Logger(PhoneNumbersService.name);

  constructor(
    @Inject(NUMBERS_PROVIDER) private readonly provider: NumbersProvider,
    private readonly repository: PhoneNumbersRepository,
    private readonly settings: NumbersSettings,
    private readonly fees: NumberFees,
    private readonly campaigns: A2pCampaignsRepository,
  ) {}

  async search(
    request: SearchAvailableNumbersRequest,
  ): Promise<SearchAvailablePhoneNumbersResponseDto> {
    const found = await this.provider.search({
      countryCode: request.countryCode,
      areaCode: request.areaCode,
      features: request.features,
      limit: request.limit,
    });
    const offered = found
      .filter((number) => number.phoneNumber !== this.settings.sharedNumber)
      .map((number) => ({ ...number, monthlyPrice: this.settings.prices.of(number.countryCode) }));
    await this.repository.rememberOffers(offered.map(toOffer), new Date());
    const numbers = offered.map((number): AvailablePhoneNumberDto => ({
      phoneNumber: number.phoneNumber,
      ...(number.locality && { locality: number.locality }),
      ...(number.administrativeArea && { administrativeArea: number.administrativeArea }),
      phoneNumberType: number.numberType,
      features: number.features,
      monthlyPrice: number.monthlyPrice,
    }));
    return { numbers, provider: this.provider.name };
  }

  /**
   * Orders a number for the account: buys it, or gives back the account's own number released
   * less than 2 weeks ago (same createdAt, nothing bought). Under the number's lock, so of two
   * concurrent orders one wins and the other answers PHONE_NUMBER_UNAVAILABLE; a failed purchase
   * rolls the claim back.
   */
  async order({
    accountId,
    phoneNumber,
  }: OrderPhoneNumberRequest): Promise<OrderPhoneNumberResponseDto> {
    if (phoneNumber === this.settings.sharedNumber) {
      throw unavailable(
        `${phoneNumber} is the shared number of every account`,
        'Order another number.',
      );
    }
    const orderId = newTimeOrderedId();
    const now = new Date();
    const outcome = await this.repository.whileHoldingNumber(phoneNumber, async (number) => {
      const current = await number.current();
      const decision = decideOrder(phoneNumber, current, accountId, now);
      const soldBy: NumbersProviderName = current?.provider ?? this.provider.name;
      switch (decision.kind) {
        case 'refuse':
          throw unavailable(decision.reason, decision.fix);
        case 'reactivate':
          await number.reactivate(orderId);
          return { reactivated: true, provider: soldBy };
        case 'take-over':
          await number.takeOver(
            accountId,
            orderId,
            now,
            await this.a2pStatusOf(current?.countryCode ?? countryOfNumber(phoneNumber), accountId),
          );
          return { reactivated: false, provider: soldBy };
        case 'purchase':
          await this.purchase(number, accountId, orderId, now);
          return { reactivated: false, provider: this.provider.name };
      }
    });
    if (!outcome.held) {
      throw unavailable(
        `${phoneNumber} is being ordered by another request`,
        'Try again in a moment; GET /numbers/list shows whether this account got it.',
      );
    }
    await this.fees.chargeOrdered(phoneNumber, now);
    return { orderId, status: 'completed', phoneNumber, ...outcome.value };
  }

  async list(accountId: string): Promise<ListPhoneNumbersResponseDto> {
    const now = new Date();
    const rows = await this.repository.listActive(accountId);
    return {
      numbers: rows.map((row) => toPhoneNumberResponse(row, now)),
      sharedNumber: this.settings.sharedNumber,
    };
  }

  /** Numbers released less than 2 weeks ago, whether or not the purge has run since. */
  async listReleased(accountId: string): Promise<ListReleasedPhoneNumbersResponseDto> {
    const now = new Date();
    const rows = await this.repository.listReleasedAfter(accountId, releaseWindowCutoff(now));
    return { numbers: rows.map((row) => toPhoneNumberResponse(row, now)) };
  }

  /**
   * Releases an active number and unbinds it from its voice agent. The provider keeps it for 2
   * weeks (the purge gives it back), so the account can reactivate it. Releasing it again within
   * the window answers the same release.
   */
  async release(accountId: string, phoneNumber: string): Promise<ReleasePhoneNumberResponseDto> {
    const now = new Date();
    const released =
      (await this.repository.release(accountId, phoneNumber, now)) ??
      (await this.repository.find(accountId, phoneNumber));
    if (!released?.releasedAt || !isWithinReleaseWindow(released.releasedAt, now)) {
      throw new NotFoundError(
        `The number ${phoneNumber}`,
        'GET /numbers/list shows the numbers of this account.',
      );
    }
    const paidUntil = nextBillingDate(released.createdAt, released.releasedAt).toISOString();
    const until = heldUntil(released.releasedAt).toISOString();
    return {
      phoneNumber,
      released: true,
      releasedAt: released.releasedAt.toISOString(),
      reactivatableUntil: until,
      message: `Released. No refund for the current billing month (paid until ${paidUntil}). Order it again before ${until} to reactivate it; after that it goes back to the provider.`,
    };
  }

  async bind(accountId: string, phoneNumber: string, agentId: string): Promise<PhoneNumberDto> {
    const bound = await this.repository.bind(accountId, phoneNumber, agentId);
    if (bound) return toPhoneNumberResponse(bound, new Date());
    const current = await this.repository.find(accountId, phoneNumber);
    if (current?.status === 'active') {
      throw new DomainError(
        ErrorCode.PHONE_NUMBER_BOUND,
        `${phoneNumber} is bound to the voice agent ${current.agentId ?? ''}`,
        'Unbind it from that agent first.',
      );
    }
    throw new NotFoundError(
      `The number ${phoneNumber}`,
      'GET /numbers/list shows the numbers of this account.',
    );
  }

  unbind(accountId: string, agentId: string, phoneNumber?: string): Promise<string[]> {
    return this.repository.unbind(accountId, agentId, phoneNumber);
  }

  /**
   * The account holding an active number and the agent it is bound to; `shared` for the shared
   * number; empty when none holds it.
   */
  async route(phoneNumber: string): Promise<PhoneNumberRouteReply> {
    if (phoneNumber === this.settings.sharedNumber) return { shared: true };
    const row = await this.repository.findActive(phoneNumber);
    if (!row) return {};
    return { accountId: row.accountId, ...(row.agentId !== null && { agentId: row.agentId }) };
  }

  private async purchase(
    number: LockedPhoneNumber,
    accountId: string,
    orderId: string,
    now: Date,
  ): Promise<void> {
    const offer = await number.offer();
    const bought = await this.provider.purchase(number.phoneNumber);
    const countryCode = offer?.countryCode ?? countryOfNumber(number.phoneNumber);
    try {
      await number.insert({
        accountId,
        orderId,
        status: 'active',
        provider: this.provider.name,
        providerSid: bought.providerSid,
        countryCode,
        numberType: offer?.numberType ?? 'local',
        label: bought.friendlyName ?? null,
        features: bought.features ?? offer?.features ?? [],
        monthlyPrice: offer?.monthlyPrice ?? this.settings.prices.of(countryCode),
        a2pStatus: await this.a2pStatusOf(countryCode, accountId),
        agentId: null,
        createdAt: now,
        releasedAt: null,
      });
    } catch (error) {
      // Not recorded, so not the account's: the provider must not keep charging for it.
      await this.provider
        .release(bought.providerSid)
        .catch((releaseError: unknown) =>
          this.logger.error(
            `${number.phoneNumber} (${bought.providerSid}) was bought but not recorded, and releasing it failed: ${String(releaseError)}`,
          ),
        );
      throw error;
    }
  }

  /**
   * US numbers need an approved 10DLC campaign before carriers take their texts (A2pCampaigns
   * follows each account's); sandbox numbers are tests; other countries have no such thing.
   */
  private async a2pStatusOf(
    countryCode: string,
    accountId: string,
  ): Promise<NumberA2pStatus | null> {
    if (this.provider.name === 'sandbox') return 'testing';
    if (countryCode !== 'US') return null;
    return (await this.campaigns.isApproved(accountId)) ? 'approved' : 'pending';
  }
}

function toOffer(number: AvailableNumber & { monthlyPrice: number }): NumberOffer {
  const { phoneNumber, countryCode, numberType, features, monthlyPrice } = number;
  return { phoneNumber, countryCode, numberType, features, monthlyPrice };
}

function unavailable(reason: string, fix: string): DomainError {
  return new DomainError(ErrorCode.PHONE_NUMBER_UNAVAILABLE, reason, fix);
}
