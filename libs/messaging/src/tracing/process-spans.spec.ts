import { ROOT_CONTEXT, SpanKind, trace, TraceFlags } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { JobItem } from '../consumers/job-item';
import {
  consumedSubjectOf,
  startBatchProcessTrace,
  startMessageProcessSpan,
} from './process-spans';

describe(startBatchProcessTrace.name, () => {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });

  beforeAll(() => trace.setGlobalTracerProvider(provider));
  afterAll(() => trace.disable());
  afterEach(() => exporter.reset());

  /** A message published from the trace of `traceId`, as the consumer extracted it. */
  function item(traceId: string, trackingId: string): JobItem<object> {
    const traceContext = trace.setSpanContext(ROOT_CONTEXT, {
      traceId,
      spanId: traceId.slice(0, 16),
      traceFlags: TraceFlags.SAMPLED,
      isRemote: true,
    });
    return {
      payload: { trackingId, accountId: 'account-1' },
      subject: 'evt.send.processed',
      deliveryCount: 1,
      traceContext,
      retry: () => undefined,
      deadLetter: () => undefined,
    };
  }

  function ended(items: JobItem<object>[]) {
    const sut = startBatchProcessTrace(items, 'evt.send.processed', 'logs');
    expect(trace.getSpan(sut.context)).toBe(sut.span);
    sut.span.end();
    return exporter.getFinishedSpans();
  }

  it('traces a batch of several with one process span, in the first trace, linked to every one', () => {
    const items = [
      item('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', 't-1'),
      item('bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb', 't-2'),
      item('cccccccccccccccccccccccccccccccc', 't-3'),
    ];

    const spans = ended(items);

    expect(spans).toHaveLength(1);
    const [span] = spans;
    expect(span).toMatchObject({ name: 'evt.send.processed process', kind: SpanKind.CONSUMER });
    expect(span?.spanContext().traceId).toBe('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa');
    expect(span?.parentSpanContext?.spanId).toBe('aaaaaaaaaaaaaaaa');
    expect(span?.links.map((link) => link.context.traceId)).toEqual([
      'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
      'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb',
      'cccccccccccccccccccccccccccccccc',
    ]);
    expect(span?.attributes).toMatchObject({
      'messaging.consumer.group.name': 'logs',
      'messaging.batch.message_count': 3,
    });
    expect(span?.attributes['clarion.tracking_id']).toBeUndefined();
  });

  it("traces a lone message with its own process span, naming the message's work", () => {
    const spans = ended([item('dddddddddddddddddddddddddddddddd', 't-4')]);

    expect(spans).toHaveLength(1);
    const [span] = spans;
    expect(span?.spanContext().traceId).toBe('dddddddddddddddddddddddddddddddd');
    expect(span?.links).toEqual([]);
    expect(span?.attributes).toMatchObject({
      'clarion.tracking_id': 't-4',
      'clarion.account_id': 'account-1',
    });
    expect(span?.attributes['messaging.batch.message_count']).toBeUndefined();
  });

  it('continues the trace a message arrived with on its first delivery', () => {
    const parent = item('eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', 't-5').traceContext;
    startMessageProcessSpan(parent, { trackingId: 't-5' }, 'delivery.email', 'email', 1).end();

    const [span] = exporter.getFinishedSpans();
    expect(span?.spanContext().traceId).toBe('eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee');
    expect(span?.parentSpanContext?.spanId).toBe('eeeeeeeeeeeeeeee');
    expect(span?.links).toEqual([]);
  });

  it('starts a trace of its own for a redelivery, linked to the trace the message arrived with', () => {
    const parent = item('ffffffffffffffffffffffffffffffff', 't-6').traceContext;
    startMessageProcessSpan(parent, { trackingId: 't-6' }, 'delivery.email', 'email', 3).end();

    const [span] = exporter.getFinishedSpans();
    expect(span?.spanContext().traceId).not.toBe('ffffffffffffffffffffffffffffffff');
    expect(span?.parentSpanContext).toBeUndefined();
    expect(span?.links.map((link) => link.context)).toEqual([
      expect.objectContaining({
        traceId: 'ffffffffffffffffffffffffffffffff',
        spanId: 'ffffffffffffffff',
      }),
    ]);
    expect(span?.attributes).toMatchObject({
      'clarion.tracking_id': 't-6',
      'clarion.delivery_count': 3,
    });
  });
});

describe(consumedSubjectOf.name, () => {
  it('is the filter subject when it has no wildcard', () => {
    expect(consumedSubjectOf('sends.accepted', ['sends.accepted'], 'notifications')).toBe(
      'sends.accepted',
    );
  });

  it('is the subject the messages came on, for a wildcard filter', () => {
    expect(consumedSubjectOf('evt.>', ['evt.send.processed'], 'logs')).toBe('evt.send.processed');
    expect(
      consumedSubjectOf('evt.delivery.*', ['evt.delivery.sent', 'evt.delivery.sent'], 'billing'),
    ).toBe('evt.delivery.sent');
  });

  it('is the consumer, for a batch that came on several subjects of a wildcard filter', () => {
    expect(
      consumedSubjectOf('evt.>', ['evt.send.processed', 'evt.delivery.sms.sent'], 'logs'),
    ).toBe('logs');
  });
});
