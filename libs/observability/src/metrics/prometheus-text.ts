import type { PrometheusSerializer } from '@opentelemetry/exporter-prometheus';
import type { MetricData, ResourceMetrics } from '@opentelemetry/sdk-metrics';

/** Prometheus's base units, as name suffixes, by the UCUM unit an instrument declares. */
const UNIT_SUFFIXES: Readonly<Record<string, string>> = { s: 'seconds', By: 'bytes' };

let serializer: PrometheusSerializer | undefined;

/**
 * The Prometheus text of what a service recorded, named by Prometheus's conventions: a metric
 * carries its unit as a suffix (`http_server_request_duration_seconds`, as the OpenTelemetry
 * specification's Prometheus compatibility asks; this exporter version does not add it), and
 * samples carry no `otel_scope_name`: every metric comes from Clarion's one scope, so the label
 * only widened every series. The service is on `target_info` (and Prometheus's `job`).
 */
export function prometheusTextOf(resourceMetrics: ResourceMetrics): string {
  if (!serializer) {
    const { PrometheusSerializer } =
      require('@opentelemetry/exporter-prometheus') as typeof import('@opentelemetry/exporter-prometheus');
    serializer = new PrometheusSerializer(undefined, false, undefined, false, true);
  }
  return serializer.serialize({
    ...resourceMetrics,
    scopeMetrics: resourceMetrics.scopeMetrics.map((scope) => ({
      ...scope,
      metrics: scope.metrics.map(withUnitSuffix),
    })),
  });
}

/** The metric named with its unit's suffix, unless its name already ends with it. */
function withUnitSuffix(metric: MetricData): MetricData {
  const suffix = UNIT_SUFFIXES[metric.descriptor.unit];
  const { name } = metric.descriptor;
  if (!suffix || name.endsWith(`.${suffix}`) || name.endsWith(`_${suffix}`)) return metric;
  return { ...metric, descriptor: { ...metric.descriptor, name: `${name}.${suffix}` } };
}
