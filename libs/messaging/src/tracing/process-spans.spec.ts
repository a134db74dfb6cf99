import { ROOT_CONTEXT, SpanKind, trace, TraceFlags } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { JobItem } from '../consumers/job-item';
import { startBatchProcessTrace } from './process-spans';

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
    const sut = startBatchProcessTrace(items, 'evt.>', 'logs');
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
    expect(span).toMatchObject({ name: 'evt.> process', kind: SpanKind.CONSUMER });
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
});
