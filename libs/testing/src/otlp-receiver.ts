import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';

export interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  /** OTLP SpanKind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind?: number;
  /** Scalar attributes, as text. */
  attributes: Record<string, string>;
  /** OTLP status code: 0 unset, 1 ok, 2 error. */
  statusCode: number;
  statusMessage?: string;
  events: string[];
  links: number;
}

interface OtlpAttribute {
  key: string;
  value: { stringValue?: string; intValue?: string | number; boolValue?: boolean };
}

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind?: number;
  attributes?: OtlpAttribute[];
  status?: { code?: number; message?: string };
  events?: { name: string }[];
  links?: unknown[];
}

interface OtlpJson {
  resourceSpans?: {
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: { spans?: OtlpSpan[] }[];
  }[];
}

/** A loopback OTLP/HTTP (JSON) trace receiver that keeps every span it is sent. */
export class OtlpReceiver {
  readonly spans: ReceivedSpan[] = [];
  /** Every export as it arrived (attributes and events included), for searching its text. */
  readonly payloads: string[] = [];
  private readonly server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        this.payloads.push(body);
        this.collect(JSON.parse(body) as OtlpJson);
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private collect(payload: OtlpJson): void {
    for (const resourceSpans of payload.resourceSpans ?? []) {
      const service =
        resourceSpans.resource?.attributes?.find((a) => a.key === 'service.name')?.value
          .stringValue ?? '';
      for (const scope of resourceSpans.scopeSpans ?? []) {
        for (const span of scope.spans ?? []) {
          this.spans.push({
            service,
            traceId: span.traceId,
            spanId: span.spanId,
            parentSpanId: span.parentSpanId || undefined,
            name: span.name,
            kind: span.kind,
            attributes: textOf(span.attributes),
            statusCode: span.status?.code ?? 0,
            statusMessage: span.status?.message,
            events: (span.events ?? []).map((event) => event.name),
            links: span.links?.length ?? 0,
          });
        }
      }
    }
  }
}

function textOf(attributes: OtlpAttribute[] = []): Record<string, string> {
  return Object.fromEntries(
    attributes.map(({ key, value }) => [
      key,
      String(value.stringValue ?? value.intValue ?? value.boolValue ?? ''),
    ]),
  );
}
