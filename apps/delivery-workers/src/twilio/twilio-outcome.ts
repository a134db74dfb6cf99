import { FailedOutcome, ProviderOutcome, RetryOutcome } from '../delivery/provider-outcome';
import { TwilioFailure } from './twilio-client';
import { failedCodeOf, UNKNOWN_FAILED_CODE } from './twilio-failure-codes';

/**
 * What a failed Twilio request means for the delivery: 429, 5xx and no answer are retried
 * (after Twilio's Retry-After when given); other rejections are permanent, under Twilio's code.
 */
export function outcomeOfFailure(failure: TwilioFailure): RetryOutcome | FailedOutcome {
  switch (failure.kind) {
    case 'unreachable':
      return { status: 'retry', reason: failure.reason };
    case 'unreadable':
      // Retrying could send the text or place the call twice: Twilio has no idempotency key.
      return {
        status: 'failed',
        code: UNKNOWN_FAILED_CODE,
        reason: `${failure.reason} (not retried: Twilio may have taken the request)`,
      };
    case 'rejected': {
      const { httpStatus, error } = failure;
      const twilioCode = error.code === undefined ? '' : ` (Twilio error ${error.code})`;
      if (httpStatus === 429 || httpStatus >= 500) {
        return {
          status: 'retry',
          reason: `Twilio answered HTTP ${httpStatus}: ${error.message}${twilioCode}`,
          ...(failure.retryAfterMs !== undefined && { retryAfterMs: failure.retryAfterMs }),
        };
      }
      if (error.code === undefined) {
        const reason = `Twilio answered HTTP ${httpStatus}: ${error.message}`;
        return { status: 'failed', code: UNKNOWN_FAILED_CODE, reason };
      }
      const code = failedCodeOf(error.code);
      // An unrecorded code is logged as Unknown; the reason keeps Twilio's own.
      const reason = code === UNKNOWN_FAILED_CODE ? `${error.message}${twilioCode}` : error.message;
      return { status: 'failed', code, reason };
    }
  }
}

export function failedOutcome(code: string, reason: string): FailedOutcome {
  return { status: 'failed', code, reason };
}

/** A sent outcome whose log fields are `<channel>_sent_<key>`. */
export function sentOutcome(
  providerMessageId: string,
  fields: Record<string, string | number | boolean | undefined>,
): ProviderOutcome {
  const definedFields = Object.fromEntries(
    Object.entries(fields).filter(
      (entry): entry is [string, string | number | boolean] => entry[1] !== undefined,
    ),
  );
  return { status: 'sent', providerMessageId, fields: definedFields };
}
