import { NUMBER_RELEASE_WINDOW_DAYS } from '@clarion/contracts';
import { DateTime } from 'luxon';

const DAY_MS = 24 * 60 * 60_000;
export const RELEASE_WINDOW_MS = NUMBER_RELEASE_WINDOW_DAYS * DAY_MS;

/** The end of a released number's window: until then only its account may order it again. */
export function heldUntil(releasedAt: Date): Date {
  return new Date(releasedAt.getTime() + RELEASE_WINDOW_MS);
}

/** Released less than 2 weeks before `now`. */
export function isWithinReleaseWindow(releasedAt: Date, now: Date): boolean {
  return now.getTime() < heldUntil(releasedAt).getTime();
}

/** Numbers released at or before this instant have left their window (the purge's cutoff). */
export function releaseWindowCutoff(now: Date): Date {
  return new Date(now.getTime() - RELEASE_WINDOW_MS);
}

/**
 * The first monthly anniversary of `createdAt` after `after`: numbers are charged at purchase
 * and then every month on the same day (the last day of a shorter month), in UTC.
 */
export function nextBillingDate(createdAt: Date, after: Date): Date {
  const start = DateTime.fromJSDate(createdAt, { zone: 'utc' });
  const reference = DateTime.fromJSDate(after, { zone: 'utc' });
  // Always from the start, so that a 31st stays the 31st after a short month.
  let months = Math.max(1, Math.floor(reference.diff(start, 'months').months));
  while (start.plus({ months: months - 1 }) > reference && months > 1) months -= 1;
  while (start.plus({ months }) <= reference) months += 1;
  return start.plus({ months }).toJSDate();
}
