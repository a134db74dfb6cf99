/** A message Twilio created (the 201 of `Messages.json`): the fields the adapters use. */
export interface TwilioMessage {
  sid: string;
  status?: string;
  /** Twilio sends it as a string ("2"); absent or unparsable stays undefined. */
  numSegments?: number;
  numMedia?: number;
  /** Negative decimal string, usually null until the message is priced. */
  price?: string;
  priceUnit?: string;
}

/** A call Twilio created (the 201 of `Calls.json`). */
export interface TwilioCall {
  sid: string;
  status?: string;
}

/** The numbers of an `IncomingPhoneNumbers.json` page, E.164. */
export interface TwilioIncomingNumbers {
  phoneNumbers: string[];
}

type JsonObject = Record<string, unknown>;

export function parseTwilioMessage(body: unknown): TwilioMessage | undefined {
  if (!isObject(body) || !isNonEmptyString(body['sid'])) return undefined;
  return {
    sid: body['sid'],
    status: stringOf(body['status']),
    numSegments: integerOf(body['num_segments']),
    numMedia: integerOf(body['num_media']),
    price: stringOf(body['price']),
    priceUnit: stringOf(body['price_unit']),
  };
}

export function parseTwilioCall(body: unknown): TwilioCall | undefined {
  if (!isObject(body) || !isNonEmptyString(body['sid'])) return undefined;
  return { sid: body['sid'], status: stringOf(body['status']) };
}

export function parseTwilioIncomingNumbers(body: unknown): TwilioIncomingNumbers | undefined {
  if (!isObject(body) || !Array.isArray(body['incoming_phone_numbers'])) return undefined;
  const phoneNumbers = body['incoming_phone_numbers']
    .map((entry: unknown) => (isObject(entry) ? stringOf(entry['phone_number']) : undefined))
    .filter((number): number is string => number !== undefined);
  return { phoneNumbers };
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function integerOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) ? value : undefined;
  return typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : undefined;
}
