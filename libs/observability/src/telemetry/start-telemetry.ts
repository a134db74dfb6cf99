import { diag, DiagLogLevel, metrics } from '@opentelemetry/api';
import { setGlobalErrorHandler } from '@opentelemetry/core';
import type { Resource } from '@opentelemetry/resources';
import type { MeterProvider } from '@opentelemetry/sdk-metrics';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { prometheusReader } from '../metrics/prometheus-endpoint';
import { recordRuntimeMetrics } from '../metrics/runtime-metrics';
import { wasLogged } from './failure-reason';
import { StructuredDiagLogger } from './structured-diag-logger';
import { telemetryLogger } from './telemetry-logger';
import type { TracingSdk } from './tracing-sdk';

let sdk: TracingSdk | undefined;
let meterProvider: MeterProvider | undefined;

/**
 * Starts the service's telemetry; call it before anything else is loaded, so the HTTP and
 * PostgreSQL instrumentations can patch their modules.
 *
 * Metrics are always on: Prometheus text at /metrics on the health port. With
 * OTEL_EXPORTER_OTLP_ENDPOINT set, the OpenTelemetry NodeSDK also sends traces and the same
 * metrics over OTLP/HTTP (Jaeger and the collector accept it on 4318). Without it, the SDK and
 * its exporters are never loaded, which keeps an idle service small.
 */
export function startTelemetry(serviceName: string): void {
  if (sdk || meterProvider) return;
  const log = telemetryLogger(serviceName);
  diag.setLogger(new StructuredDiagLogger(log), DiagLogLevel.WARN);
  // What the SDK cannot hand back goes to diag; an export failure was logged where it happened.
  setGlobalErrorHandler((error) => {
    if (!wasLogged(error)) diag.error('OpenTelemetry failed:', error);
  });
  if (process.env['OTEL_EXPORTER_OTLP_ENDPOINT']) {
    const { startTracingSdk } = require('./tracing-sdk') as typeof import('./tracing-sdk');
    sdk = startTracingSdk(serviceName, prometheusReader(), log);
  } else {
    const { MeterProvider } =
      require('@opentelemetry/sdk-metrics') as typeof import('@opentelemetry/sdk-metrics');
    meterProvider = new MeterProvider({
      resource: serviceResource(serviceName),
      readers: [prometheusReader()],
    });
    metrics.setGlobalMeterProvider(meterProvider);
  }
  recordRuntimeMetrics();
}

/** The SDK's default resource, named after the service (the NodeSDK names its own likewise). */
function serviceResource(serviceName: string): Resource {
  const { defaultResource, resourceFromAttributes } =
    require('@opentelemetry/resources') as typeof import('@opentelemetry/resources');
  return defaultResource().merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: serviceName }));
}

/** Whether spans are recorded and exported (OTEL_EXPORTER_OTLP_ENDPOINT was set at start). */
export function isTracing(): boolean {
  return sdk !== undefined;
}

/** Exports the spans and metrics recorded so far, now, when they are exported at all. */
export async function flushTelemetry(): Promise<void> {
  await sdk?.flush();
}

/** Flushes and stops telemetry; spans and metrics still buffered are exported first. */
export async function stopTelemetry(): Promise<void> {
  await sdk?.shutdown();
  await meterProvider?.shutdown();
  sdk = undefined;
  meterProvider = undefined;
}
