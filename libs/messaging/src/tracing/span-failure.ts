import { Span } from '@opentelemetry/api';
import { DomainError, ErrorCode } from '@clarion/contracts';
import { recordFailure as recordSpanFailure } from '@clarion/observability';
import { describeFailure } from '../failures/describe-failure';

/** Codes that are the system's own failure, not an answer to what the caller asked. */
const FAULT_CODES = new Set<ErrorCode>([
  ErrorCode.INTERNAL_ERROR,
  ErrorCode.SERVICE_UNAVAILABLE,
  ErrorCode.SERVICE_TIMEOUT,
]);

/**
 * Records on a request's span how it failed. A refusal of the caller's input (an invalid key, a
 * failed validation, a missing record) is the expected answer: the span names its code in
 * `error.type` but stays OK, so errors in Jaeger mean something broke. Anything else marks the
 * span failed, with the failure's message and an exception event.
 */
export function recordRequestFailure(span: Span, error: unknown): void {
  if (error instanceof DomainError) {
    span.setAttribute('error.type', error.code);
    if (!FAULT_CODES.has(error.code)) return;
  }
  recordFailure(span, error);
}

/** Marks the span failed with the failure's description and an exception event. */
export function recordFailure(span: Span, error: unknown): void {
  recordSpanFailure(span, error, describeFailure(error));
}
