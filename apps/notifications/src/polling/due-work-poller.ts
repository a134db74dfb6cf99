import { PeriodicTask } from '@clarion/runtime';

/**
 * Polls for due work every `everyMs`: `releaseBatch(limit)` takes up to `limit` due items and
 * says how many it took; a full batch is followed by the next one at once. One run at a time;
 * a failed run is logged and retried at the next tick (a PeriodicTask).
 */
export function dueWorkPoller(
  name: string,
  everyMs: number,
  batch: number,
  releaseBatch: (limit: number) => Promise<number>,
): PeriodicTask {
  return new PeriodicTask({ name, everyMs, firstAfterMs: everyMs }, async () => {
    while ((await releaseBatch(batch)) === batch);
  });
}
