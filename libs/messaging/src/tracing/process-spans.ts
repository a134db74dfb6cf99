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
  /** A redelivered message: the trace it arrived with, linked rather than continued. */
  retryOf?: Link;
  deliveryCount?: number;
}

const WILDCARD_TOKEN = /(^|\.)[*>](\.|$)/;

/** Whether a filter subject has a wildcard (`*`, `>`), so spans cannot be named after it. */
export function isWildcardFilter(filterSubject: string): boolean {
  return WILDCARD_TOKEN.test(filterSubject);
}

/**
 * What a consumer's spans are named after: its filter subject, or, for a wildcard filter (such
 * as `evt.>`), the subject the messages came on (without the namespace) when they share one, and
 * the consumer's durable name when a batch mixes several. A span named `evt.> process` says
 * neither what came nor who took it.
 */
export function consumedSubjectOf(
  filterSubject: string,
  subjects: readonly string[],
  durable: string,
): string {
  if (!isWildcardFilter(filterSubject)) return filterSubject;
  const [first] = subjects;
  return first !== undefined && subjects.every((subject) => subject === first) ? first : durable;
}

/**
 * A message's own `<subject> process` span, with what its payload says of the work. On the first
 * delivery it continues the trace the message arrived with; a redelivery (a retry, perhaps hours
 * later) starts a trace of its own, linked to that one, so a send's trace ends when its first
 * attempt does instead of growing for as long as the retries last.
 */
export function startMessageProcessSpan(
  parent: Context,
  payload: object,
  subject: string,
  durable: string,
  deliveryCount = 1,
): Span {
  const arrivedIn = trace.getSpanContext(parent);
  if (deliveryCount <= 1 || !arrivedIn) {
    return startProcessSpan({ subject, durable, parent, payload });
  }
  return startProcessSpan({
    subject,
    durable,
    parent: trace.deleteSpan(parent),
    payload,
    retryOf: { context: arrivedIn },
    deliveryCount,
  });
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

function startProcessSpan(process: ProcessSpan): Span {
  const { subject, durable, parent, payload, batch, retryOf, deliveryCount } = process;
  const links: Link[] = batch ? linksTo(batch) : retryOf ? [retryOf] : [];
  const span = messagingTracer().startSpan(
    `${subject} process`,
    {
      kind: SpanKind.CONSUMER,
      links,
      root: retryOf !== undefined,
      attributes: {
        'messaging.system': 'nats',
        'messaging.consumer.group.name': durable,
        ...(batch && { 'messaging.batch.message_count': batch.length }),
        ...(deliveryCount !== undefined && { 'clarion.delivery_count': deliveryCount }),
      },
    },
    parent,
  );
  if (payload && span.isRecording()) annotateSpan(workAttributesOf(payload), span);
  return span;
}
