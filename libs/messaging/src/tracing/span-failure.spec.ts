import { SpanStatusCode } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { DomainError, ErrorCode } from '@clarion/contracts';
import { recordFailure, recordRequestFailure } from './span-failure';

describe('span failures', () => {
  const exporter = new InMemorySpanExporter();
  const tracer = new BasicTracerProvider({
    spanProcessors: [new SimpleSpanProcessor(exporter)],
  }).getTracer('spec');

  afterEach(() => exporter.reset());

  function finished(record: (span: ReturnType<typeof tracer.startSpan>) => void) {
    const span = tracer.startSpan('work');
    record(span);
    span.end();
    return exporter.getFinishedSpans()[0]!;
  }

  it('leaves a refusal of the caller input OK, naming its code', () => {
    const sut = finished((span) =>
      recordRequestFailure(span, new DomainError(ErrorCode.UNAUTHORIZED, 'invalid API key')),
    );
    expect(sut.status.code).toBe(SpanStatusCode.UNSET);
    expect(sut.attributes['error.type']).toBe('UNAUTHORIZED');
    expect(sut.events).toEqual([]);
  });

  it('marks a dependency away as failed, with its message and an exception event', () => {
    const sut = finished((span) =>
      recordRequestFailure(
        span,
        new DomainError(ErrorCode.SERVICE_UNAVAILABLE, 'billing did not answer'),
      ),
    );
    expect(sut.status).toEqual({
      code: SpanStatusCode.ERROR,
      message: expect.stringContaining('billing did not answer'),
    });
    expect(sut.events.map((event) => event.name)).toEqual(['exception']);
  });

  it('marks any other failure with its message and exception', () => {
    const sut = finished((span) => recordFailure(span, new Error('slack answered 500')));
    expect(sut.status.code).toBe(SpanStatusCode.ERROR);
    expect(sut.status.message).toContain('slack answered 500');
    expect(sut.events[0]?.attributes?.['exception.message']).toBe('slack answered 500');
  });
});
