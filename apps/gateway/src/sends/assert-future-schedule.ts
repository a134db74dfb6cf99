import { ValidationFailedError } from '@clarion/contracts';

/** A little clock skew between client and server is not "in the past". */
const SKEW_MS = 1_000;

/** A schedule, when given, must lie in the future (its format is checked by the DTO). */
export function assertFutureSchedule(schedule: string | undefined): void {
  if (schedule === undefined) return;
  if (Date.parse(schedule) < Date.now() - SKEW_MS) {
    throw new ValidationFailedError(
      `schedule ${schedule} is in the past`,
      'Give a future ISO 8601 time with its offset, e.g. 2030-01-31T09:00:00Z; leave schedule out to send now.',
    );
  }
}
