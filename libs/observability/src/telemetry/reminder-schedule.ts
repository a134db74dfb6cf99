const FIRST_REMINDER_AFTER_MS = 60_000;
const LONGEST_REMINDER_INTERVAL_MS = 3_600_000;

/**
 * When a line that keeps coming back is said again: a minute after the first time, then at
 * doubling intervals up to an hour, so a lasting failure costs the log a handful of lines a day.
 */
export class ReminderSchedule {
  private intervalMs = FIRST_REMINDER_AFTER_MS;
  private nextAt: number;

  constructor(firstSaidAt: number) {
    this.nextAt = firstSaidAt + FIRST_REMINDER_AFTER_MS;
  }

  /** Whether the line is said again at `now`; when it is, the next time waits twice as long. */
  isDue(now: number): boolean {
    if (now < this.nextAt) return false;
    this.intervalMs = Math.min(this.intervalMs * 2, LONGEST_REMINDER_INTERVAL_MS);
    this.nextAt = now + this.intervalMs;
    return true;
  }
}
