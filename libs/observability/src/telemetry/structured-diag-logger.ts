import { LoggerService } from '@nestjs/common';
import type { DiagLogger } from '@opentelemetry/api';
import { failureReason } from './failure-reason';
import { ReminderSchedule } from './reminder-schedule';
import { TELEMETRY_LOG_CONTEXT } from './telemetry-logger';

/** Distinct messages remembered for repeat suppression; past it, memory starts over. */
const REMEMBERED_MESSAGES = 200;

interface Repeats {
  suppressed: number;
  schedule: ReminderSchedule;
}

/**
 * The OpenTelemetry SDK's own diagnostics as the service's log lines: one line each, its
 * arguments (errors among them) folded into the message rather than dumped with their stacks.
 * A message said again is held back for a minute, then for doubling intervals up to an hour,
 * and its next line says how often it was held back.
 */
export class StructuredDiagLogger implements DiagLogger {
  private readonly repeats = new Map<string, Repeats>();

  constructor(
    private readonly log: LoggerService,
    private readonly now: () => number = Date.now,
  ) {}

  error(message: string, ...args: unknown[]): void {
    this.write('error', message, args);
  }

  warn(message: string, ...args: unknown[]): void {
    this.write('warn', message, args);
  }

  info(message: string, ...args: unknown[]): void {
    this.write('log', message, args);
  }

  debug(message: string, ...args: unknown[]): void {
    this.write('debug', message, args);
  }

  verbose(message: string, ...args: unknown[]): void {
    this.write('debug', message, args);
  }

  private write(level: 'error' | 'warn' | 'log' | 'debug', message: string, args: unknown[]) {
    const text = [message, ...args].map(describe).join(' ');
    const suppressed = this.suppressedBefore(text);
    if (suppressed === undefined) return;
    const said = suppressed > 0 ? `${text} (held back ${suppressed} times)` : text;
    this.log[level]?.(said, TELEMETRY_LOG_CONTEXT);
  }

  /** How many times `text` was held back before now, or undefined when it is held back now. */
  private suppressedBefore(text: string): number | undefined {
    const now = this.now();
    const seen = this.repeats.get(text);
    if (!seen) {
      if (this.repeats.size >= REMEMBERED_MESSAGES) this.repeats.clear();
      this.repeats.set(text, { suppressed: 0, schedule: new ReminderSchedule(now) });
      return 0;
    }
    if (!seen.schedule.isDue(now)) {
      seen.suppressed += 1;
      return undefined;
    }
    const suppressed = seen.suppressed;
    seen.suppressed = 0;
    return suppressed;
  }
}

/** An argument as text on one line: an error by its reason, anything else as JSON. */
function describe(argument: unknown): string {
  if (typeof argument === 'string' || argument instanceof Error) return failureReason(argument);
  try {
    return JSON.stringify(argument) ?? String(argument);
  } catch {
    return String(argument);
  }
}
