import { IncomingHttpHeaders } from 'node:http';
import { ExportResult, ExportResultCode } from '@opentelemetry/core';
import { ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { CompactOtlpTraceExporter } from './compact-otlp-trace-exporter';
import { LoopbackCollector } from './test-peers/loopback-collector';

interface Received {
  path: string | undefined;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

describe(CompactOtlpTraceExporter.name, () => {
  const received: Received[] = [];
  let status = 200;
  const collector = new LoopbackCollector((request, body, response) => {
    received.push({ path: request.url, headers: request.headers, body });
    response.writeHead(status, { 'content-type': 'application/x-protobuf' }).end();
  });

  beforeAll(async () => {
    process.env['OTEL_EXPORTER_OTLP_ENDPOINT'] = await collector.start();
    process.env['OTEL_EXPORTER_OTLP_HEADERS'] = 'x-collector-token=secret';
  });

  afterAll(() => {
    delete process.env['OTEL_EXPORTER_OTLP_ENDPOINT'];
    delete process.env['OTEL_EXPORTER_OTLP_HEADERS'];
    collector.close();
  });

  function finishedSpans() {
    const memory = new InMemorySpanExporter();
    const tracer = new BasicTracerProvider({
      spanProcessors: [new SimpleSpanProcessor(memory)],
    }).getTracer('@clarion/messaging');
    tracer
      .startSpan('sends.accepted process', { attributes: { 'clarion.channel': 'EMAIL' } })
      .end();
    tracer.startSpan('inbox store').end();
    return memory.getFinishedSpans();
  }

  function exportWith(sut: CompactOtlpTraceExporter, spans: ReturnType<typeof finishedSpans>) {
    return new Promise<ExportResult>((resolve) => sut.export(spans, resolve));
  }

  it('posts the spans as OTLP protobuf to the configured endpoint, with its headers', async () => {
    const sut = new CompactOtlpTraceExporter();
    const spans = finishedSpans();

    const result = await exportWith(sut, spans);
    await sut.shutdown();

    expect(result.error).toBeUndefined();
    expect(result.code).toBe(ExportResultCode.SUCCESS);
    const [request] = received.splice(0);
    expect(request?.path).toBe('/v1/traces');
    expect(request?.headers['content-type']).toBe('application/x-protobuf');
    expect(request?.headers['x-collector-token']).toBe('secret');
    expect(
      request?.body.equals(Buffer.from(ProtobufTraceSerializer.serializeRequest(spans)!)),
    ).toBe(true);
  });

  it('reports a refused export as failed', async () => {
    status = 400;
    const sut = new CompactOtlpTraceExporter();

    const result = await exportWith(sut, finishedSpans());
    await sut.shutdown();
    status = 200;

    expect(result.code).toBe(ExportResultCode.FAILED);
    expect(received.splice(0)).toHaveLength(1);
  });
});
