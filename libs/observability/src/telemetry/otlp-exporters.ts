import type { PushMetricExporter } from '@opentelemetry/sdk-metrics';
import type { SpanProcessor } from '@opentelemetry/sdk-trace-base';

type Protocol = 'http/protobuf' | 'http/json';

/**
 * OTLP over HTTP in the encoding OTEL_EXPORTER_OTLP_PROTOCOL names (the standard variable, also
 * per signal): protobuf by default, which costs a service less CPU to encode than JSON; JSON
 * where a reader wants text (the loopback receivers of the tests).
 */
function protocolOf(signal: 'TRACES' | 'METRICS'): Protocol {
  const chosen =
    process.env[`OTEL_EXPORTER_OTLP_${signal}_PROTOCOL`] ??
    process.env['OTEL_EXPORTER_OTLP_PROTOCOL'];
  return chosen === 'http/json' ? 'http/json' : 'http/protobuf';
}

/**
 * Batches the service's sampled spans for OTLP: in protobuf, encoded as each span ends (see
 * otlp-encoding-span-processor.ts); in JSON, by the SDK's batch processor and exporter.
 */
export function otlpSpanProcessor(): SpanProcessor {
  if (protocolOf('TRACES') === 'http/json') {
    const { OTLPTraceExporter } =
      require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
    const { BatchSpanProcessor } =
      require('@opentelemetry/sdk-trace-base') as typeof import('@opentelemetry/sdk-trace-base');
    return new BatchSpanProcessor(new OTLPTraceExporter());
  }
  const { OtlpEncodingSpanProcessor } =
    require('./otlp-encoding-span-processor') as typeof import('./otlp-encoding-span-processor');
  const { OtlpHttpSpanTransport } =
    require('./otlp-http-span-transport') as typeof import('./otlp-http-span-transport');
  return new OtlpEncodingSpanProcessor(new OtlpHttpSpanTransport());
}

export function otlpMetricExporter(): PushMetricExporter {
  if (protocolOf('METRICS') === 'http/json') {
    const { OTLPMetricExporter } =
      require('@opentelemetry/exporter-metrics-otlp-http') as typeof import('@opentelemetry/exporter-metrics-otlp-http');
    return new OTLPMetricExporter();
  }
  const { OTLPMetricExporter } =
    require('@opentelemetry/exporter-metrics-otlp-proto') as typeof import('@opentelemetry/exporter-metrics-otlp-proto');
  return new OTLPMetricExporter();
}
