import type { IncomingMessage, ServerResponse } from 'node:http';
import { diag } from '@opentelemetry/api';
import type { PrometheusExporter } from '@opentelemetry/exporter-prometheus';
import { prometheusTextOf } from './prometheus-text';

let exporter: PrometheusExporter | undefined;

/**
 * The metric reader behind /metrics: collects when scraped, never starts a server of its own (the
 * health server answers the scrape).
 */
export function prometheusReader(): PrometheusExporter {
  if (!exporter) {
    const { PrometheusExporter } =
      require('@opentelemetry/exporter-prometheus') as typeof import('@opentelemetry/exporter-prometheus');
    exporter = new PrometheusExporter({ preventServerStart: true });
  }
  return exporter;
}

/** Answers a scrape with Prometheus text of every metric the service recorded. */
export function answerScrape(_request: IncomingMessage, response: ServerResponse): void {
  if (!exporter) {
    response.writeHead(503, { 'content-type': 'text/plain' }).end('metrics are not started\n');
    return;
  }
  exporter.collect().then(
    ({ resourceMetrics, errors }) => {
      if (errors.length > 0) diag.error('metrics collection failed', ...errors);
      response
        .writeHead(200, { 'content-type': 'text/plain' })
        .end(prometheusTextOf(resourceMetrics));
    },
    (error: unknown) => {
      diag.error('metrics collection failed', error);
      response
        .writeHead(500, { 'content-type': 'text/plain' })
        .end('# metrics collection failed\n');
    },
  );
}
