import { context, Link, trace } from '@opentelemetry/api';
import { JobItem } from '../consumers/job-item';
import { messagingTracer } from './trace-propagation';

/**
 * Runs a batch handler inside a trace, so its queries and requests are seen: a lone message's
 * own (the usual case off peak, and what an operator following one send sees); for several, a
 * `<subject> batch` span under the first message's, linked to every message's.
 */
export async function runInBatchTrace<R>(
  items: readonly JobItem<unknown>[],
  subject: string,
  work: () => Promise<R>,
): Promise<R> {
  const [first] = items;
  if (!first || items.length === 1) {
    return first ? context.with(first.traceContext, work) : work();
  }
  const span = messagingTracer().startSpan(
    `${subject} batch`,
    { links: linksTo(items), attributes: { 'messaging.batch.message_count': items.length } },
    first.traceContext,
  );
  try {
    return await context.with(trace.setSpan(first.traceContext, span), work);
  } finally {
    span.end();
  }
}

/** Links to the trace of every message of a batch. */
export function linksTo(items: readonly JobItem<unknown>[]): Link[] {
  return items.flatMap((item) => {
    const spanContext = trace.getSpanContext(item.traceContext);
    return spanContext ? [{ context: spanContext }] : [];
  });
}
