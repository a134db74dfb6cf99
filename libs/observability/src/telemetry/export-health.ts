import { LoggerService } from '@nestjs/common';
import { failureReason, markLogged } from './failure-reason';
import { ReminderSchedule } from './reminder-schedule';
import { TELEMETRY_LOG_CONTEXT } from './telemetry-logger';

export type TelemetrySignal = 'trace' | 'metric';

/**
 * Whether one signal's exports are getting through, told to the log once per change: one line
 * when exports start failing (with the reason), one when they recover, and while they keep
 * failing a reminder after a minute, then at doubling intervals up to an hour. An unreachable
 * collector then costs the log a handful of lines a day instead of one dump per export.
 */
export class ExportHealth {
  private failures = 0;
  private failingSince = 0;
  private reminders?: ReminderSchedule;

  constructor(
    private readonly signal: TelemetrySignal,
    private readonly log: LoggerService,
    private readonly now: () => number = Date.now,
  ) {}

  succeeded(): void {
    if (this.failures === 0) return;
    this.log.log(
      `${this.signal} export recovered after ${this.failures} failed exports`,
      TELEMETRY_LOG_CONTEXT,
    );
    this.failures = 0;
  }

  failed(error: unknown): void {
    markLogged(error);
    this.failures += 1;
    const now = this.now();
    if (this.failures === 1) {
      this.failingSince = now;
      this.reminders = new ReminderSchedule(now);
      this.log.warn(
        `${this.signal} export failing: ${failureReason(error)}`,
        TELEMETRY_LOG_CONTEXT,
      );
      return;
    }
    if (!this.reminders?.isDue(now)) return;
    this.log.warn(
      `${this.signal} export still failing: ${this.failures} failed exports since ${new Date(this.failingSince).toISOString()}, the last: ${failureReason(error)}`,
      TELEMETRY_LOG_CONTEXT,
    );
  }
}
