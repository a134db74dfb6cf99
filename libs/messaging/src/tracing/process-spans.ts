import { context, Context, Link, Span, SpanKind, trace } from '@opentelemetry/api';
import { annotateSpan } from '@clarion/observability';
import { JobItem } from '../consumers/job-item';
import { linksTo } from './batch-trace';
import { messagingTracer } from './trace-propagation';
import { workAttributesOf } from './work-attributes-of';

/** A batch's span, and the context its handler runs in. */
export interface BatchTrace {
  span: Span;
  context: Context;
}

interface ProcessSpan {
  subject: string;
  durable: string;
  parent: Context;
  /** A lone message's payload, whose work the span names. */
  payload?: object;
  /** A batch of several: links to every message's trace. */
  batch?: readonly JobItem<unknown>[];
}

/** A message's own `<subject> process` span, with what its payload says of the work. */
export function startMessageProcessSpan(
  parent: Context,
  payload: object,
  subject: string,
  durable: string,
): Span {
  return startProcessSpan({ subject, durable, parent, payload });
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
  const span =
    items.length > 1
      ? startProcessSpan({ subject, durable, parent, batch: items })
      : startProcessSpan({ subject, durable, parent, payload: first?.payload });
  return { span, context: trace.setSpan(parent, span) };
}

function startProcessSpan({ subject, durable, parent, payload, batch }: ProcessSpan): Span {
  const links: Link[] = batch ? linksTo(batch) : [];
  const span = messagingTracer().startSpan(
    `${subject} process`,
    {
      kind: SpanKind.CONSUMER,
      links,
      attributes: {
        'messaging.system': 'nats',
        'messaging.consumer.group.name': durable,
        ...(batch && { 'messaging.batch.message_count': batch.length }),
      },
    },
    parent,
  );
  if (payload && span.isRecording()) annotateSpan(workAttributesOf(payload), span);
  return span;
}
