// How long `npm start` waits before restarting a service that exited. The wait doubles with each
// crash in a row, from 1 s up to 30 s, so a service that fails right after it starts does not spin;
// a run of HEALTHY_UPTIME_MS ends the row, so crashes minutes apart each wait only the first second.

export const FIRST_RESTART_DELAY_MS = 1_000;
export const LONGEST_RESTART_DELAY_MS = 30_000;
/** A service that ran this long before it exited was working: its exit starts a new row. */
export const HEALTHY_UPTIME_MS = 60_000;

/**
 * The restart of a service that exited after `uptimeMs`, following `crashesInARow` crashes with no
 * healthy run between them: how long to wait, and the row the restarted process continues.
 */
export function nextRestart(crashesInARow, uptimeMs) {
  const crashesBefore = uptimeMs >= HEALTHY_UPTIME_MS ? 0 : crashesInARow;
  return {
    delayMs: Math.min(FIRST_RESTART_DELAY_MS * 2 ** crashesBefore, LONGEST_RESTART_DELAY_MS),
    crashesInARow: crashesBefore + 1,
  };
}
