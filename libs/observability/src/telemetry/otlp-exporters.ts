import type { PushMetricExporter } from '@opentelemetry/sdk-metrics';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';

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

export function otlpSpanExporter(): SpanExporter {
  if (protocolOf('TRACES') === 'http/json') {
    const { OTLPTraceExporter } =
      require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
    return new OTLPTraceExporter();
  }
  const { CompactOtlpTraceExporter } =
    require('./compact-otlp-trace-exporter') as typeof import('./compact-otlp-trace-exporter');
  return new CompactOtlpTraceExporter();
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
