/** Twilio's error body: `{ code, message, more_info, status }`. */
export interface TwilioApiError {
  /** Twilio's error code (21211, 20429, ...), when the body had one. */
  code?: number;
  message: string;
  moreInfo?: string;
}

/** Twilio's error of a non-2xx answer; `fallback` is the message of a body that is not Twilio's JSON. */
export function parseTwilioError(body: unknown, fallback: string): TwilioApiError {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { message: fallback };
  const { code, message, more_info: moreInfo } = body as Record<string, unknown>;
  return {
    code: integerOf(code),
    message: typeof message === 'string' ? message : fallback,
    moreInfo: typeof moreInfo === 'string' ? moreInfo : undefined,
  };
}

/** Twilio sends codes as numbers; a string of digits is read too. */
function integerOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) ? value : undefined;
  return typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : undefined;
}
