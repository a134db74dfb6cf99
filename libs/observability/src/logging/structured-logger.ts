import { LoggerService } from '@nestjs/common';
import { trace } from '@opentelemetry/api';

export type LogFormat = 'json' | 'pretty';
type Level = 'error' | 'warn' | 'info' | 'debug';

const SEVERITY: Record<Level, number> = { error: 0, warn: 1, info: 2, debug: 3 };

/**
 * Nest's own boot narration (modules loaded, every route mapped, "successfully started"): a
 * hundred lines per start that say nothing an operator acts on, so they are details (debug).
 */
const FRAMEWORK_BOOT_CONTEXTS = new Set([
  'NestFactory',
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestApplication',
  'NestMicroservice',
]);

export interface StructuredLoggerOptions {
  service: string;
  format: LogFormat;
  level: Level;
}

/**
 * Nest logger writing one line per entry: JSON with the active trace id for log shippers, or a
 * short readable line for developers. Everything goes to stderr, so stdout stays free for the
 * output of command-line tools.
 */
export class StructuredLogger implements LoggerService {
  constructor(private readonly options: StructuredLoggerOptions) {}

  log(message: unknown, context?: string): void {
    this.write(
      context && FRAMEWORK_BOOT_CONTEXTS.has(context) ? 'debug' : 'info',
      message,
      context,
    );
  }

  error(message: unknown, stackOrContext?: string, context?: string): void {
    const hasStack = context !== undefined;
    this.write(
      'error',
      message,
      hasStack ? context : stackOrContext,
      hasStack ? stackOrContext : undefined,
    );
  }

  warn(message: unknown, context?: string): void {
    this.write('warn', message, context);
  }

  debug(message: unknown, context?: string): void {
    this.write('debug', message, context);
  }

  verbose(message: unknown, context?: string): void {
    this.write('debug', message, context);
  }

  private write(level: Level, message: unknown, context?: string, stack?: string): void {
    if (SEVERITY[level] > SEVERITY[this.options.level]) return;
    const text =
      message instanceof Error
        ? message.message
        : typeof message === 'string'
          ? message
          : JSON.stringify(message);
    const errorStack = stack ?? (message instanceof Error ? message.stack : undefined);
    process.stderr.write(
      this.options.format === 'json'
        ? this.jsonLine(level, text, context, errorStack)
        : this.prettyLine(level, text, context, errorStack),
    );
  }

  private jsonLine(level: Level, msg: string, context?: string, stack?: string): string {
    const spanContext = trace.getActiveSpan()?.spanContext();
    return `${JSON.stringify({
      time: new Date().toISOString(),
      level,
      service: this.options.service,
      context,
      msg,
      traceId: spanContext?.traceId,
      spanId: spanContext?.spanId,
      stack,
    })}\n`;
  }

  private prettyLine(level: Level, msg: string, context?: string, stack?: string): string {
    const time = new Date().toISOString().slice(11, 23);
    const where = context ? ` [${context}]` : '';
    return `${time} ${level.toUpperCase().padEnd(5)}${where} ${msg}${stack ? `\n${stack}` : ''}\n`;
  }
}
