import { Span, SpanStatusCode } from '@opentelemetry/api';

/** Marks the span failed, with the failure's message as its status and an exception event. */
export function recordFailure(
  span: Span,
  error: unknown,
  message: string = error instanceof Error ? error.message : String(error),
): void {
  span.recordException(error instanceof Error ? error : message);
  span.setStatus({ code: SpanStatusCode.ERROR, message });
}
