import { NUMBER_FEATURES, NumberFeature } from '@clarion/contracts';
import { AvailableNumber, PurchasedNumber } from '../numbers-provider';

type JsonObject = Record<string, unknown>;

/** The numbers of an `AvailablePhoneNumbers/{Country}/Local.json` page. */
export function parseAvailableNumbers(
  body: unknown,
  countryCode: string,
): AvailableNumber[] | undefined {
  if (!isObject(body) || !Array.isArray(body['available_phone_numbers'])) return undefined;
  return body['available_phone_numbers'].flatMap((entry: unknown): AvailableNumber[] => {
    if (!isObject(entry)) return [];
    const phoneNumber = stringOf(entry['phone_number']);
    if (!phoneNumber) return [];
    return [
      {
        phoneNumber,
        countryCode: stringOf(entry['iso_country'])?.toUpperCase() ?? countryCode,
        locality: stringOf(entry['locality']) || undefined,
        administrativeArea: stringOf(entry['region']) || undefined,
        numberType: 'local',
        features: featuresOf(entry['capabilities']),
      },
    ];
  });
}

/** The 201 of a purchase (`IncomingPhoneNumbers.json`). */
export function parseIncomingNumber(body: unknown): PurchasedNumber | undefined {
  if (!isObject(body)) return undefined;
  const sid = stringOf(body['sid']);
  if (!sid) return undefined;
  return {
    providerSid: sid,
    friendlyName: stringOf(body['friendly_name']) || undefined,
    features: isObject(body['capabilities']) ? featuresOf(body['capabilities']) : undefined,
  };
}

/** The SIDs of an `IncomingPhoneNumbers.json?PhoneNumber=` page. */
export function parseIncomingNumberSids(body: unknown): string[] | undefined {
  if (!isObject(body) || !Array.isArray(body['incoming_phone_numbers'])) return undefined;
  return body['incoming_phone_numbers']
    .map((entry: unknown) => (isObject(entry) ? stringOf(entry['sid']) : undefined))
    .filter((sid): sid is string => sid !== undefined);
}

/** Twilio writes `SMS`/`MMS` in search results and `sms`/`mms` on numbers: any case will do. */
function featuresOf(capabilities: unknown): NumberFeature[] {
  if (!isObject(capabilities)) return [];
  const enabled = new Set(
    Object.entries(capabilities)
      .filter(([, value]) => value === true)
      .map(([name]) => name.toLowerCase()),
  );
  return NUMBER_FEATURES.filter((feature) => enabled.has(feature));
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
