// A loopback OTLP/HTTP receiver for `bench/send.mjs --tracing`: the services export every span
// and metric to it as they would to a collector, so the benchmark pays the whole cost of
// tracing. The sink only counts what arrives: exports and bytes, and with JSON
// (OTEL_EXPORTER_OTLP_PROTOCOL=http/json) spans by service and name.
import { createServer } from 'node:http';

export class OtlpSink {
  exports = 0;
  bytes = 0;
  spans = 0;
  /** Spans received by `<service> <span name>` (JSON exports only). */
  byName = new Map();

  #server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        const body = Buffer.concat(chunks);
        this.exports += 1;
        this.bytes += body.length;
        if (request.headers['content-type']?.includes('json')) this.#count(body.toString('utf8'));
      }
      response.writeHead(200).end();
    });
  });

  /** Listens on a free loopback port; answers the endpoint to give OTEL_EXPORTER_OTLP_ENDPOINT. */
  async start() {
    await new Promise((resolve) => this.#server.listen(0, '127.0.0.1', () => resolve(undefined)));
    const { port } = /** @type {import('node:net').AddressInfo} */ (this.#server.address());
    return `http://127.0.0.1:${port}`;
  }

  stop() {
    return new Promise((resolve) => this.#server.close(() => resolve(undefined)));
  }

  /** What arrived, with the most frequent span names per accepted send when they were readable. */
  summary(acceptedSends, top = 12) {
    const received = `${this.exports} trace exports, ${(this.bytes / 1e6).toFixed(1)} MB`;
    if (this.spans === 0) return received;
    const names = [...this.byName]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, count]) => `${name} ${(count / Math.max(acceptedSends, 1)).toFixed(2)}`);
    return `${received}, ${this.spans} spans; per accepted send: ${names.join(', ')}`;
  }

  #count(body) {
    for (const resourceSpans of JSON.parse(body).resourceSpans ?? []) {
      const service =
        resourceSpans.resource?.attributes?.find((a) => a.key === 'service.name')?.value
          ?.stringValue ?? '?';
      for (const scope of resourceSpans.scopeSpans ?? []) {
        for (const span of scope.spans ?? []) {
          this.spans += 1;
          const name = `${service} ${span.name}`;
          this.byName.set(name, (this.byName.get(name) ?? 0) + 1);
        }
      }
    }
  }
}
