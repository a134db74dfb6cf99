import { Attributes, SpanKind, trace } from '@opentelemetry/api';
import { recordFailure } from './record-failure';

const tracer = trace.getTracer('@clarion/observability');

/**
 * Runs a call to an outside system (`smtp send`, `slack chat.postMessage`) inside a client span;
 * a throw marks the span failed with its message and an exception event, and is rethrown.
 */
export function inClientSpan<T>(
  name: string,
  attributes: Attributes,
  call: () => Promise<T>,
): Promise<T> {
  return tracer.startActiveSpan(name, { kind: SpanKind.CLIENT, attributes }, async (span) => {
    try {
      return await call();
    } catch (error) {
      recordFailure(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}
