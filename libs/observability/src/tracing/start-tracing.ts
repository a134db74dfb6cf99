import { diag, DiagConsoleLogger, DiagLogLevel } from '@opentelemetry/api';
import type { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

let provider: NodeTracerProvider | undefined;

const IGNORED_PATHS = ['/health/live', '/health/ready'];

/**
 * Starts OpenTelemetry tracing when OTEL_EXPORTER_OTLP_ENDPOINT is set: spans go over OTLP/HTTP
 * (Jaeger accepts it on 4318), and W3C trace context is propagated. Call it before anything
 * else is loaded, so the HTTP and PostgreSQL instrumentations can patch their modules. Without
 * the variable it loads nothing, keeping idle services small.
 */
export function startTracing(serviceName: string): void {
  if (!process.env['OTEL_EXPORTER_OTLP_ENDPOINT'] || provider) return;

  const { NodeTracerProvider } =
    require('@opentelemetry/sdk-trace-node') as typeof import('@opentelemetry/sdk-trace-node');
  const { BatchSpanProcessor } =
    require('@opentelemetry/sdk-trace-base') as typeof import('@opentelemetry/sdk-trace-base');
  const { OTLPTraceExporter } =
    require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
  const { resourceFromAttributes } =
    require('@opentelemetry/resources') as typeof import('@opentelemetry/resources');
  const { ATTR_SERVICE_NAME } =
    require('@opentelemetry/semantic-conventions') as typeof import('@opentelemetry/semantic-conventions');
  const { registerInstrumentations } =
    require('@opentelemetry/instrumentation') as typeof import('@opentelemetry/instrumentation');
  const { HttpInstrumentation } =
    require('@opentelemetry/instrumentation-http') as typeof import('@opentelemetry/instrumentation-http');
  const { PgInstrumentation } =
    require('@opentelemetry/instrumentation-pg') as typeof import('@opentelemetry/instrumentation-pg');

  diag.setLogger(new DiagConsoleLogger(), DiagLogLevel.ERROR);
  provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: serviceName }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => IGNORED_PATHS.includes(request.url ?? ''),
        ignoreOutgoingRequestHook: () => true,
      }),
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
}

/** Flushes and stops tracing; spans still buffered are exported first. */
export async function stopTracing(): Promise<void> {
  await provider?.shutdown();
  provider = undefined;
}
