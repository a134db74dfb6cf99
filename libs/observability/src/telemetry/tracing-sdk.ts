import { createNoopMeter, MeterProvider } from '@opentelemetry/api';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import type { IMetricReader } from '@opentelemetry/sdk-metrics';
import { PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { otlpMetricExporter, otlpSpanExporter } from './otlp-exporters';

const METRICS_EXPORT_INTERVAL_MS = 15_000;
/** The instrumentation only traces: the service records its own metrics of the same work. */
const NO_METRICS: MeterProvider = { getMeter: () => createNoopMeter() };

/**
 * Starts the NodeSDK of a service exporting over OTLP/HTTP: traces through a batching processor,
 * metrics every 15 s besides the Prometheus reader, W3C trace context (the SDK's default
 * propagator), and sampling as the standard OTEL_TRACES_SAMPLER variables say (every trace by
 * default). PostgreSQL queries appear only inside an operation's trace. HTTP is not instrumented
 * by patching Node's http module, which costs every request a good deal: the gateway opens its
 * own server span from Fastify's hooks, and the provider adapters their client spans.
 */
export function startTracingSdk(serviceName: string, prometheus: IMetricReader): NodeSDK {
  const sdk = new NodeSDK({
    serviceName,
    autoDetectResources: false,
    spanProcessors: [new BatchSpanProcessor(otlpSpanExporter())],
    metricReaders: [
      prometheus,
      new PeriodicExportingMetricReader({
        exporter: otlpMetricExporter(),
        exportIntervalMillis: METRICS_EXPORT_INTERVAL_MS,
      }),
    ],
  });
  sdk.start();
  // Registered here rather than by the SDK, which would hand it its meter provider: per-query
  // histograms and pool counters would double the service's own metrics.
  registerInstrumentations({
    meterProvider: NO_METRICS,
    instrumentations: [
      new PgInstrumentation({ requireParentSpan: true, ignoreConnectSpans: true }),
    ],
  });
  return sdk;
}
