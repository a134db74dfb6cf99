import { DomainError, ErrorCode } from '@clarion/contracts';
import {
  isTwilioSuccess,
  parseTwilioError,
  TwilioAnswer,
  TwilioRestClient,
} from '@clarion/providers';
import {
  AvailableNumber,
  AvailableNumbersQuery,
  NumbersProvider,
  PurchasedNumber,
} from '../numbers-provider';
import { callingCodeOf } from '../../phone-numbers/calling-codes';
import {
  parseAvailableNumbers,
  parseIncomingNumber,
  parseIncomingNumberSids,
} from './twilio-numbers.responses';

/**
 * The lookup that may follow a purchase that got no answer, kept short so that the two fit the
 * gateway's deadline for an order (PROVIDER_REPLY_TIMEOUT_MS).
 */
const TWILIO_LOOKUP_TIMEOUT_MS = 4_000;

const FEATURE_FILTERS = { sms: 'SmsEnabled', mms: 'MmsEnabled', voice: 'VoiceEnabled' } as const;
/** Results asked for when this side filters them by area code. */
const FILTERED_PAGE_SIZE = 200;

/** Numbers searched in, bought from and given back to the operator's Twilio account. */
export class TwilioNumbersProvider implements NumbersProvider {
  readonly name = 'twilio';

  constructor(private readonly client: TwilioRestClient) {}

  async search(query: AvailableNumbersQuery): Promise<AvailableNumber[]> {
    const params = new URLSearchParams();
    // Twilio filters by area code in North America only; elsewhere the results are filtered here.
    const northAmerica = query.countryCode === 'US' || query.countryCode === 'CA';
    if (query.areaCode && northAmerica) params.set('AreaCode', query.areaCode);
    const prefix =
      query.areaCode && !northAmerica
        ? numberPrefixOf(query.countryCode, query.areaCode)
        : undefined;
    for (const feature of query.features) params.set(FEATURE_FILTERS[feature], 'true');
    params.set('PageSize', String(prefix ? FILTERED_PAGE_SIZE : query.limit));
    const country = encodeURIComponent(query.countryCode);
    const answer = await this.client.request(
      'GET',
      `AvailablePhoneNumbers/${country}/Local.json?${params}`,
    );
    // Twilio answers 404 for a country it sells no local numbers in.
    if (answer.kind === 'answered' && answer.httpStatus === 404) return [];
    if (answer.kind === 'answered' && isTwilioSuccess(answer)) {
      const numbers = parseAvailableNumbers(answer.body, query.countryCode);
      if (numbers) {
        return numbers
          .filter((number) => !prefix || number.phoneNumber.startsWith(prefix))
          .slice(0, query.limit);
      }
    }
    throw providerError('search numbers', answer);
  }

  async purchase(phoneNumber: string): Promise<PurchasedNumber> {
    const answer = await this.client.request(
      'POST',
      'IncomingPhoneNumbers.json',
      new URLSearchParams({ PhoneNumber: phoneNumber }),
    );
    if (answer.kind === 'answered') {
      if (isTwilioSuccess(answer)) {
        const purchased = parseIncomingNumber(answer.body);
        if (purchased) return purchased;
      } else if (answer.httpStatus === 400) {
        // Twilio refuses the number itself (21422 not available, 21421 invalid, an address
        // requirement …): nobody can buy it here.
        const { code, message } = parseTwilioError(answer.body, answer.excerpt);
        throw new DomainError(
          ErrorCode.PHONE_NUMBER_UNAVAILABLE,
          `The provider does not sell ${phoneNumber}: ${message}${code ? ` (${code})` : ''}`,
          'Order a number that GET /numbers/available offers right now.',
        );
      } else {
        throw providerError('buy the number', answer);
      }
    }
    // No readable answer: Twilio may have sold the number anyway, so look before giving up.
    const sid = await this.findOwned(phoneNumber);
    if (sid) return { providerSid: sid };
    throw providerError('buy the number', answer);
  }

  async release(providerSid: string): Promise<void> {
    const answer = await this.client.request(
      'DELETE',
      `IncomingPhoneNumbers/${encodeURIComponent(providerSid)}.json`,
    );
    if (answer.kind === 'answered' && (isTwilioSuccess(answer) || answer.httpStatus === 404))
      return;
    throw providerError(`release ${providerSid}`, answer);
  }

  /** The SID of `phoneNumber` when the operator's account has it. */
  private async findOwned(phoneNumber: string): Promise<string | undefined> {
    const query = new URLSearchParams({ PhoneNumber: phoneNumber });
    const answer = await this.client.request(
      'GET',
      `IncomingPhoneNumbers.json?${query}`,
      undefined,
      Math.min(TWILIO_LOOKUP_TIMEOUT_MS, this.client.timeoutMs),
    );
    if (answer.kind !== 'answered' || !isTwilioSuccess(answer)) return undefined;
    return parseIncomingNumberSids(answer.body)?.[0];
  }
}

/**
 * `+<calling code><area code>`: how the numbers of an area code begin. Undefined for a country
 * whose calling code is not known; its search is then not narrowed to the area code.
 */
function numberPrefixOf(countryCode: string, areaCode: string): string | undefined {
  const callingCode = callingCodeOf(countryCode);
  return callingCode && `+${callingCode}${areaCode}`;
}

function providerError(action: string, answer: TwilioAnswer): DomainError {
  const why =
    answer.kind === 'unreachable'
      ? answer.reason
      : isTwilioSuccess(answer)
        ? `Twilio answered HTTP ${answer.httpStatus} with an unexpected body: ${answer.excerpt}`
        : describeRejection(answer.httpStatus, answer.body, answer.excerpt);
  return new DomainError(
    ErrorCode.PROVIDER_ERROR,
    `Could not ${action} at the telephony provider: ${why}`,
    'Try again later; if it persists, the operator should check the Twilio configuration.',
  );
}

function describeRejection(httpStatus: number, body: unknown, excerpt: string): string {
  const { code, message } = parseTwilioError(body, excerpt);
  return `Twilio answered HTTP ${httpStatus}: ${message}${code ? ` (${code})` : ''}`;
}
