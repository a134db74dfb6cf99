import {
  context,
  createTraceState,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  TraceFlags,
} from '@opentelemetry/api';
import { ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { OtlpSpanEncoder } from './otlp-span-encoder';

/** Spans recorded by a real SDK provider of the given resource. */
function recorder(resourceAttributes: Record<string, string>) {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes(resourceAttributes),
    spanProcessors: [new SimpleSpanProcessor(exporter)],
  });
  return { tracer: (name: string) => provider.getTracer(name, '1.2.3'), exporter };
}

function officialEncoding(spans: ReadableSpan[]): Buffer {
  return Buffer.from(ProtobufTraceSerializer.serializeRequest(spans)!);
}

describe(OtlpSpanEncoder.name, () => {
  const sut = new OtlpSpanEncoder();

  it('encodes spans of every shape byte for byte as the OpenTelemetry serializer does', () => {
    const gateway = recorder({ 'service.name': 'gateway', 'deployment.region': 'eu' });
    const worker = recorder({ 'service.name': 'notifications' });
    const remoteParent = trace.setSpanContext(ROOT_CONTEXT, {
      traceId: '0af7651916cd43dd8448eb211c80319c',
      spanId: 'b7ad6b7169203331',
      traceFlags: TraceFlags.SAMPLED,
      isRemote: true,
      traceState: createTraceState('vendor=opaque,other=1'),
    });
    const server = gateway.tracer('@clarion/gateway').startSpan(
      'POST /send',
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': 'POST',
          'http.response.status_code': 200,
          'clarion.tracking_id': '01a221a0-8501-724f-9254-69a8dc93d674',
          'clarion.title': 'Grüße — 你好 🚀',
          'db.query.text': `SELECT ${'"InboxNotificationEntity"."title", '.repeat(20)}1`,
          'messaging.batch.message_count': 64,
          'negative.int': -5,
          'large.int': 2 ** 40,
          ratio: 0.25,
          flag: false,
          'list.strings': ['a', 'ü', 'long'.repeat(40)],
          'list.numbers': [1, 2.5, -3],
          'list.mixed': [true, null, undefined],
        },
      },
      remoteParent,
    );
    const child = gateway
      .tracer('@clarion/messaging')
      .startSpan(
        'sends.accepted publish',
        { kind: SpanKind.PRODUCER },
        trace.setSpan(context.active(), server),
      );
    child.end();
    server.recordException(new Error('slack answered 500'));
    server.addEvent('retry scheduled', { attempt: 2 });
    server.setStatus({ code: SpanStatusCode.ERROR, message: 'slack answered 500' });
    server.end();
    const batch = worker.tracer('@clarion/messaging').startSpan(
      'sends.accepted batch',
      {
        links: [
          { context: server.spanContext() },
          { context: trace.getSpanContext(remoteParent)!, attributes: { 'link.reason': 'fan-in' } },
        ],
      },
      ROOT_CONTEXT,
    );
    batch.setStatus({ code: SpanStatusCode.OK });
    batch.end();
    const spans = [...gateway.exporter.getFinishedSpans(), ...worker.exporter.getFinishedSpans()];

    const encoded = Buffer.from(sut.encode(spans));

    expect(spans).toHaveLength(3);
    expect(encoded.equals(officialEncoding(spans))).toBe(true);
  });

  it('encodes large batches, whose lengths take several bytes, and keeps no state between them', () => {
    const worker = recorder({ 'service.name': 'logs' });
    const tracer = worker.tracer('@clarion/messaging');
    for (let i = 0; i < 600; i++) {
      tracer
        .startSpan(`evt.> process`, {
          kind: SpanKind.CONSUMER,
          attributes: { 'clarion.tracking_id': `tracking-${i}`, attempt: i },
        })
        .end();
    }
    const spans = worker.exporter.getFinishedSpans();

    const first = Buffer.from(sut.encode(spans));
    const second = Buffer.from(sut.encode(spans.slice(0, 2)));

    expect(first.length).toBeGreaterThan(2 ** 14);
    expect(first.equals(officialEncoding(spans))).toBe(true);
    expect(second.equals(officialEncoding(spans.slice(0, 2)))).toBe(true);
  });

  it('encodes nothing to an empty request', () => {
    expect(sut.encode([])).toHaveLength(0);
  });
});
