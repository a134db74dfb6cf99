import { DomainError, ErrorCode } from '@clarion/contracts';
import { failureKindOf } from '@clarion/messaging';
import { ErrorCode as NatsErrorCode, NatsError } from 'nats';

/** NATS errors that mean the gateway asked for something malformed: bugs, so answered as 500. */
const OUR_MISTAKES = new Set<string>([
  NatsErrorCode.BadHeader,
  NatsErrorCode.BadJson,
  NatsErrorCode.BadPayload,
  NatsErrorCode.BadSubject,
  NatsErrorCode.InvalidOption,
  NatsErrorCode.InvalidPayload,
  NatsErrorCode.NotFunction,
]);
const TIMEOUTS = new Set<string>([NatsErrorCode.Timeout, NatsErrorCode.JetStream408RequestTimeout]);
/** JetStream's "message size exceeds maximum allowed" (of a stream). */
const STREAM_MESSAGE_TOO_LARGE = 10054;
const RETRY_FIX = 'Retry after the seconds of Retry-After; check GET /status if it persists.';

/**
 * A failure of what the gateway stands on (NATS, JetStream, its key-value bucket and object
 * store) that reached the edge as it was thrown rather than as a domain error: a timeout is a
 * 504, anything else a 503, so that clients retry instead of reporting a bug. A message over NATS's
 * size limit is the request's own fault (413). Undefined for any other error.
 */
export function dependencyFailureOf(error: unknown): DomainError | undefined {
  if (error instanceof NatsError) {
    if (OUR_MISTAKES.has(error.code)) return undefined;
    if (
      error.code === NatsErrorCode.MaxPayloadExceeded ||
      error.api_error?.err_code === STREAM_MESSAGE_TOO_LARGE
    ) {
      return new DomainError(
        ErrorCode.PAYLOAD_TOO_LARGE,
        'The request is larger than a message between services may be',
        'Send less (store large attachments elsewhere and link them).',
      );
    }
    if (TIMEOUTS.has(error.code)) {
      return new DomainError(
        ErrorCode.SERVICE_TIMEOUT,
        'The message bus did not answer in time',
        RETRY_FIX,
      );
    }
    return unavailable();
  }
  return failureKindOf(error) === 'transient' ? unavailable() : undefined;
}

function unavailable(): DomainError {
  return new DomainError(
    ErrorCode.SERVICE_UNAVAILABLE,
    'A service this operation needs is unavailable',
    RETRY_FIX,
  );
}
