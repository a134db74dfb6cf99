import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { ROOT_CONTEXT, trace, TraceFlags } from '@opentelemetry/api';
import { ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import {
  EncodingSpanProcessorConfig,
  OtlpEncodingSpanProcessor,
} from './otlp-encoding-span-processor';
import { OtlpHttpSpanTransport } from './otlp-http-span-transport';

interface Received {
  path: string | undefined;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const LONG_DELAY: EncodingSpanProcessorConfig = {
  maxExportBatchSize: 512,
  scheduledDelayMillis: 60_000,
  maxQueueSize: 2048,
};

describe(OtlpEncodingSpanProcessor.name, () => {
  let collector: Server;
  const received: Received[] = [];
  let status = 200;

  beforeAll(async () => {
    collector = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ path: request.url, headers: request.headers, body: Buffer.concat(chunks) });
        response.writeHead(status, { 'content-type': 'application/x-protobuf' }).end();
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    const { port } = collector.address() as AddressInfo;
    process.env['OTEL_EXPORTER_OTLP_ENDPOINT'] = `http://127.0.0.1:${port}`;
    process.env['OTEL_EXPORTER_OTLP_HEADERS'] = 'x-collector-token=secret';
  });

  afterAll(() => {
    delete process.env['OTEL_EXPORTER_OTLP_ENDPOINT'];
    delete process.env['OTEL_EXPORTER_OTLP_HEADERS'];
    collector.close();
  });

  beforeEach(() => {
    received.splice(0);
    status = 200;
  });

  /** A provider whose spans go to the processor under test and, for comparison, to memory. */
  function tracedWith(config: EncodingSpanProcessorConfig) {
    const sut = new OtlpEncodingSpanProcessor(new OtlpHttpSpanTransport(), config);
    const memory = new InMemorySpanExporter();
    const provider = new BasicTracerProvider({
      spanProcessors: [sut, new SimpleSpanProcessor(memory)],
    });
    const record = (name: string, tracerName = '@clarion/messaging') =>
      provider.getTracer(tracerName).startSpan(name).end();
    return { sut, memory, record };
  }

  function officialEncoding(spans: ReadableSpan[]): Buffer {
    return Buffer.from(ProtobufTraceSerializer.serializeRequest(spans)!);
  }

  async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  }

  it('posts the ended spans as OTLP protobuf, the bytes the SDK would send, with the configured headers', async () => {
    const { sut, memory, record } = tracedWith(LONG_DELAY);
    record('sends.accepted process');
    record('POST /send', '@clarion/gateway');
    record('inbox store');

    await sut.forceFlush();

    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request?.path).toBe('/v1/traces');
    expect(request?.headers['content-type']).toBe('application/x-protobuf');
    expect(request?.headers['x-collector-token']).toBe('secret');
    expect(request?.body.equals(officialEncoding(memory.getFinishedSpans()))).toBe(true);
    await sut.shutdown();
  });

  it('sends a batch as soon as it is full, and the rest after the delay', async () => {
    const { sut, memory, record } = tracedWith({ ...LONG_DELAY, maxExportBatchSize: 2 });
    record('first');
    record('second');
    record('third');
    await until(() => received.length >= 1);

    expect(received).toHaveLength(1);
    const [first, second, third] = memory.getFinishedSpans();
    expect(received[0]?.body.equals(officialEncoding([first!, second!]))).toBe(true);
    await sut.forceFlush();
    expect(received[1]?.body.equals(officialEncoding([third!]))).toBe(true);
    await sut.shutdown();
  });

  it('sends what it holds when the delay is over', async () => {
    const { sut, record } = tracedWith({ ...LONG_DELAY, scheduledDelayMillis: 50 });
    record('lone');

    await until(() => received.length >= 1, 2_000);

    expect(received).toHaveLength(1);
    await sut.shutdown();
  });

  it('sends no span the sampler left out', async () => {
    const { sut, record } = tracedWith(LONG_DELAY);
    const unsampled = new InMemorySpanExporter();
    const provider = new BasicTracerProvider({
      spanProcessors: [sut, new SimpleSpanProcessor(unsampled)],
    });
    const parent = trace.setSpanContext(ROOT_CONTEXT, {
      traceId: '0af7651916cd43dd8448eb211c80319c',
      spanId: 'b7ad6b7169203331',
      traceFlags: TraceFlags.NONE,
    });
    provider.getTracer('test').startSpan('unsampled', {}, parent).end();
    record('sampled');

    await sut.forceFlush();

    expect(received).toHaveLength(1);
    expect(received[0]?.body.includes(Buffer.from('sampled'))).toBe(true);
    expect(received[0]?.body.includes(Buffer.from('unsampled'))).toBe(false);
    await sut.shutdown();
  });

  it('drops spans beyond its queue while export is behind', async () => {
    const { sut, memory, record } = tracedWith({ ...LONG_DELAY, maxQueueSize: 3 });
    for (let i = 0; i < 5; i++) record(`span ${i}`);

    await sut.forceFlush();

    expect(received).toHaveLength(1);
    expect(received[0]?.body.equals(officialEncoding(memory.getFinishedSpans().slice(0, 3)))).toBe(
      true,
    );
    await sut.shutdown();
  });

  it('survives a refused export and sends the next batch', async () => {
    const { sut, record } = tracedWith(LONG_DELAY);
    status = 400;
    record('refused');
    await sut.forceFlush();
    status = 200;
    record('accepted');
    await sut.forceFlush();

    expect(received).toHaveLength(2);
    expect(received[1]?.body.includes(Buffer.from('accepted'))).toBe(true);
    await sut.shutdown();
  });

  it('sends what it holds when shut down, and nothing after', async () => {
    const { sut, record } = tracedWith(LONG_DELAY);
    record('last words');

    await sut.shutdown();
    record('too late');
    await sut.forceFlush();

    expect(received).toHaveLength(1);
    expect(received[0]?.body.includes(Buffer.from('last words'))).toBe(true);
  });
});
