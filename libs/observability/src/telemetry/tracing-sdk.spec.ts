import { execFile } from 'node:child_process';
import { join } from 'node:path';

interface StartedTelemetry {
  loaded: string[];
  fields: string[];
}

const CHILD_TIMEOUT_MS = 20_000;

/** Starts telemetry in a plain Node process with `env` added, and reports what it loaded. */
function startTelemetryInChild(env: Record<string, string>): Promise<StartedTelemetry> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [join(__dirname, 'test-peers', 'start-telemetry-child.cjs')],
      { env: { ...process.env, ...env }, timeout: CHILD_TIMEOUT_MS },
      (error, stdout, stderr) =>
        error
          ? reject(new Error(`${error.message}\n${stderr}`))
          : resolve(JSON.parse(stdout) as StartedTelemetry),
    );
  });
}

describe('startTracingSdk', () => {
  it(
    'starts the NodeSDK without loading the exporters and propagators Clarion does not use',
    async () => {
      const started = await startTelemetryInChild({});

      expect(started.loaded).toEqual(
        expect.arrayContaining(['sdk-node', 'sdk-trace', 'sdk-metrics']),
      );
      for (const unused of [
        'exporter-trace-otlp-grpc',
        'exporter-metrics-otlp-grpc',
        'exporter-logs-otlp-grpc',
        'exporter-logs-otlp-proto',
        'exporter-zipkin',
        'propagator-b3',
        'propagator-jaeger',
      ]) {
        expect(started.loaded).not.toContain(unused);
      }
      expect(started.fields).toEqual(['traceparent', 'tracestate']);
    },
    CHILD_TIMEOUT_MS,
  );

  it(
    'still loads a deferred package the moment a setting reaches it',
    async () => {
      const started = await startTelemetryInChild({
        OTEL_PROPAGATORS: 'tracecontext,b3',
      });

      expect(started.loaded).toContain('propagator-b3');
      expect(started.fields).toEqual(expect.arrayContaining(['traceparent', 'b3']));
    },
    CHILD_TIMEOUT_MS,
  );
});
