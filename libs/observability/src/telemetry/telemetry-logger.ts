import { LogFormat, StructuredLogger } from '../logging/structured-logger';

type Level = 'error' | 'warn' | 'info' | 'debug';
const LEVELS: readonly string[] = ['error', 'warn', 'info', 'debug'] satisfies Level[];

/** What telemetry's log lines name as their context. */
export const TELEMETRY_LOG_CONTEXT = 'OpenTelemetry';

/**
 * The logger of telemetry itself (exports failing, the SDK's own warnings): the service's
 * structured logger, set up from LOG_FORMAT and LOG_LEVEL as the service's is. Telemetry starts
 * before the service reads its environment, so it reads the two variables itself; the service
 * refuses to start on a bad value anyway.
 */
export function telemetryLogger(service: string): StructuredLogger {
  const level = process.env['LOG_LEVEL'];
  const format: LogFormat = process.env['LOG_FORMAT'] === 'pretty' ? 'pretty' : 'json';
  return new StructuredLogger({
    service,
    format,
    level: level !== undefined && LEVELS.includes(level) ? (level as Level) : 'info',
  });
}
