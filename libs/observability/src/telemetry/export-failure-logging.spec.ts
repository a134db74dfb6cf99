import { execFile } from 'node:child_process';
import { join } from 'node:path';

const CHILD_TIMEOUT_MS = 30_000;

interface Output {
  lines: string[];
}

/**
 * Runs the child that exports to an unreachable collector three times, then (`comesBack`) to a
 * reachable one, and stops.
 */
function exportToUnreachableCollector(
  env: Record<string, string>,
  collector: 'comes-back' | 'stays-away',
): Promise<Output> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [join(__dirname, 'test-peers', 'export-to-unreachable-collector.cjs'), collector],
      {
        env: {
          ...process.env,
          OTEL_EXPORTER_OTLP_TIMEOUT: '1000',
          OTEL_METRIC_EXPORT_INTERVAL: '60000',
          ...env,
        },
        timeout: CHILD_TIMEOUT_MS,
      },
      (error, stdout, stderr) =>
        error
          ? reject(new Error(`${error.message}\n${stderr}`))
          : resolve({ lines: `${stdout}${stderr}`.split('\n').filter((line) => line !== '') }),
    );
  });
}

function parsed(line: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(line) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Every line the child printed, as JSON: a line that is not fails the spec. */
function entriesOf(lines: string[]): Record<string, unknown>[] {
  expect(lines.filter((line) => parsed(line) === undefined)).toEqual([]);
  return lines.map((line) => parsed(line)!);
}

function aboutSignal(entries: Record<string, unknown>[], signal: string) {
  return entries.filter((entry) => String(entry['msg']).startsWith(`${signal} export`));
}

function failingLine(signal: string) {
  return expect.objectContaining({
    level: 'warn',
    service: 'export-failures-spec',
    context: 'OpenTelemetry',
    msg: expect.stringMatching(new RegExp(`^${signal} export failing: .*ECONNREFUSED`)),
  });
}

describe('telemetry export failures', () => {
  it(
    'are logged as one JSON line when exports start failing and one when they recover, per signal',
    async () => {
      const { lines } = await exportToUnreachableCollector({ LOG_FORMAT: 'json' }, 'comes-back');

      const entries = entriesOf(lines);
      const about = (signal: string) => aboutSignal(entries, signal);
      for (const signal of ['trace', 'metric']) {
        expect(about(signal)).toEqual([
          failingLine(signal),
          expect.objectContaining({
            level: 'info',
            msg: `${signal} export recovered after 3 failed exports`,
          }),
        ]);
      }
      expect(
        entries.filter((entry) => !String(entry['msg']).match(/^(trace|metric) export/)),
      ).toEqual([]);
    },
    CHILD_TIMEOUT_MS,
  );

  it(
    'say nothing more when the service stops while they still fail',
    async () => {
      const { lines } = await exportToUnreachableCollector({ LOG_FORMAT: 'json' }, 'stays-away');

      const entries = entriesOf(lines);
      expect(entries).toHaveLength(2);
      expect(aboutSignal(entries, 'trace')).toEqual([failingLine('trace')]);
      expect(aboutSignal(entries, 'metric')).toEqual([failingLine('metric')]);
    },
    CHILD_TIMEOUT_MS,
  );
});
