import { TextMapPropagator } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import type { MetricReader } from '@opentelemetry/sdk-metrics';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { MetricsPush } from './metrics-push';
import { otlpMetricExporter, otlpSpanExporter } from './otlp-exporters';
import { traceQueriesOf } from './postgres-query-spans';

const DEFAULT_METRICS_EXPORT_INTERVAL_MS = 15_000;

/**
 * W3C trace context alone, unless OTEL_PROPAGATORS names others: the SDK's default adds W3C
 * baggage, which Clarion never sets, yet every message published and consumed paid for it.
 */
function propagator(): TextMapPropagator | undefined {
  return process.env['OTEL_PROPAGATORS'] ? undefined : new W3CTraceContextPropagator();
}

/** What runs while a service exports telemetry; shutting it down flushes both signals. */
export interface TracingSdk {
  shutdown(): Promise<void>;
}

/** OTEL_METRIC_EXPORT_INTERVAL (the standard variable, in ms), 15 s when unset or invalid. */
function metricsExportIntervalMs(): number {
  const configured = Number(process.env['OTEL_METRIC_EXPORT_INTERVAL']);
  return Number.isInteger(configured) && configured > 0
    ? configured
    : DEFAULT_METRICS_EXPORT_INTERVAL_MS;
}

/**
 * Starts the NodeSDK of a service exporting over OTLP/HTTP: traces through a batching processor,
 * the Prometheus reader's metrics pushed every 15 s, W3C trace context, and sampling as the
 * standard OTEL_TRACES_SAMPLER variables say (every trace by default). PostgreSQL queries appear
 * only inside an operation's trace. HTTP is not instrumented by patching Node's http module,
 * which costs every request a good deal: the gateway opens its own server span from Fastify's
 * hooks, and the provider adapters their client spans.
 */
export function startTracingSdk(serviceName: string, prometheus: MetricReader): TracingSdk {
  const sdk = new NodeSDK({
    serviceName,
    autoDetectResources: false,
    textMapPropagator: propagator(),
    spanProcessors: [new BatchSpanProcessor(otlpSpanExporter())],
    metricReaders: [prometheus],
  });
  sdk.start();
  const metricsPush = new MetricsPush(prometheus, otlpMetricExporter(), metricsExportIntervalMs());
  metricsPush.start();
  traceQueriesOf((require('pg') as typeof import('pg')).Client);
  return {
    async shutdown() {
      await metricsPush.shutdown();
      await sdk.shutdown();
    },
  };
}
