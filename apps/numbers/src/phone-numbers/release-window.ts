import { NUMBER_RELEASE_WINDOW_DAYS } from '@clarion/contracts';

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
