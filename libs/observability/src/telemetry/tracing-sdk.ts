import { LoggerService } from '@nestjs/common';
import { TextMapPropagator } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import type { MetricReader } from '@opentelemetry/sdk-metrics';
import type { NodeSDK } from '@opentelemetry/sdk-node';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { requireDeferring } from './deferred-require';
import { ExportHealth } from './export-health';
import { wasLogged } from './failure-reason';
import { MetricsPush } from './metrics-push';
import { otlpMetricExporter, otlpSpanExporter } from './otlp-exporters';
import { traceQueriesOf } from './postgres-query-spans';
import { ReportingSpanExporter } from './reporting-span-exporter';

const DEFAULT_METRICS_EXPORT_INTERVAL_MS = 15_000;

/**
 * What the NodeSDK requires as it loads, for options Clarion never takes: the exporters it would
 * build from OTEL_*_EXPORTER (Clarion hands it its own span processor and metric reader, and
 * records no OpenTelemetry logs), the B3 and Jaeger propagators, and the file configuration.
 * The Prometheus and OTLP metric exporters are not among them: Clarion loads those itself.
 * Loaded eagerly they are about 1,000 modules (gRPC among them): some 11 MB of heap and 25 MB of
 * RSS in every service. Deferred, each still loads the moment an option reaches it (say
 * OTEL_PROPAGATORS=b3).
 */
const PACKAGES_THE_SDK_LOADS_UNUSED = new Set(
  [
    'configuration',
    'exporter-logs-otlp-grpc',
    'exporter-logs-otlp-http',
    'exporter-logs-otlp-proto',
    'exporter-metrics-otlp-grpc',
    'exporter-trace-otlp-grpc',
    'exporter-trace-otlp-http',
    'exporter-trace-otlp-proto',
    'exporter-zipkin',
    'propagator-b3',
    'propagator-jaeger',
  ].map((name) => `@opentelemetry/${name}`),
);

function loadNodeSdk(): typeof NodeSDK {
  return requireDeferring<typeof import('@opentelemetry/sdk-node')>(
    '@opentelemetry/sdk-node',
    PACKAGES_THE_SDK_LOADS_UNUSED,
  ).NodeSDK;
}

/**
 * W3C trace context alone, unless OTEL_PROPAGATORS names others: the SDK's default adds W3C
 * baggage, which Clarion never sets, yet every message published and consumed paid for it.
 */
function propagator(): TextMapPropagator | undefined {
  return process.env['OTEL_PROPAGATORS'] ? undefined : new W3CTraceContextPropagator();
}

/** What runs while a service exports telemetry; shutting it down flushes both signals. */
export interface TracingSdk {
  /** Exports the spans and metrics recorded so far, now; a failed export is logged, not thrown. */
  flush(): Promise<void>;
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
 * hooks, and the provider adapters their client spans. Exports that fail are told to `log` once
 * per change (see {@link ExportHealth}).
 */
export function startTracingSdk(
  serviceName: string,
  prometheus: MetricReader,
  log: LoggerService,
): TracingSdk {
  const NodeSdk = loadNodeSdk();
  const spanProcessor = new BatchSpanProcessor(
    new ReportingSpanExporter(otlpSpanExporter(), new ExportHealth('trace', log)),
  );
  const sdk = new NodeSdk({
    serviceName,
    autoDetectResources: false,
    textMapPropagator: propagator(),
    spanProcessors: [spanProcessor],
    metricReaders: [prometheus],
    // Clarion's logs go to stdout with their traceId; none are recorded through OpenTelemetry,
    // so the SDK's default OTLP log exporter would only be loaded and kept.
    logRecordProcessors: [],
  });
  sdk.start();
  const metricsPush = new MetricsPush(
    prometheus,
    otlpMetricExporter(),
    metricsExportIntervalMs(),
    new ExportHealth('metric', log),
  );
  metricsPush.start();
  traceQueriesOf((require('pg') as typeof import('pg')).Client);
  return {
    async flush() {
      await Promise.all([
        spanProcessor.forceFlush().catch(() => undefined),
        metricsPush.pushOnce(),
      ]);
    },
    async shutdown() {
      await metricsPush.shutdown();
      // Spans that could not be sent at the stop were logged as an export failure already.
      await sdk.shutdown().catch((error: unknown) => {
        if (!wasLogged(error)) throw error;
      });
    },
  };
}
