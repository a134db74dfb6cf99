import { context, Context, Link, Span, SpanKind, trace } from '@opentelemetry/api';
import { annotateSpan } from '@clarion/observability';
import { JobItem } from '../consumers/job-item';
import { messagingTracer } from './trace-propagation';
import { workAttributesOf } from './work-attributes-of';

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

/** A batch's span, and the context its handler runs in. */
export interface BatchTrace {
  span: Span;
  context: Context;
}

/**
 * The one span of a batch of a consumer traced per batch: `<subject> process`, in the first
 * message's trace and, for several, linked to every message's; a lone message's is its own
 * process span, with what its payload says of the work.
 */
export function startBatchProcessTrace(
  items: readonly JobItem<object>[],
  subject: string,
  durable: string,
): BatchTrace {
  const [first] = items;
  const parent = first?.traceContext ?? context.active();
  const several = items.length > 1;
  const span = messagingTracer().startSpan(
    `${subject} process`,
    {
      kind: SpanKind.CONSUMER,
      links: several ? linksTo(items) : [],
      attributes: {
        'messaging.system': 'nats',
        'messaging.consumer.group.name': durable,
        ...(several && { 'messaging.batch.message_count': items.length }),
      },
    },
    parent,
  );
  if (first && !several && span.isRecording()) annotateSpan(workAttributesOf(first.payload), span);
  return { span, context: trace.setSpan(parent, span) };
}

function linksTo(items: readonly JobItem<unknown>[]): Link[] {
  return items.flatMap((item) => {
    const spanContext = trace.getSpanContext(item.traceContext);
    return spanContext ? [{ context: spanContext }] : [];
  });
}
