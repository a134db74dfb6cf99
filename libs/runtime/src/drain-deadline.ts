export type DrainOutcome = 'drained' | 'deadline';

/**
 * Runs a stopping service's drain, but waits for it no longer than `deadlineMs`: a service that
 * exits on its own deadline, inside the orchestrator's grace period, still flushes its telemetry
 * and says why, where a SIGKILL would say nothing. What it had not settled by then is not lost:
 * JetStream redelivers unacknowledged messages, and a caller's request times out to be retried.
 */
export async function drainWithin(
  deadlineMs: number,
  drain: () => Promise<void>,
): Promise<DrainOutcome> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<DrainOutcome>((resolve) => {
    timer = setTimeout(() => resolve('deadline'), deadlineMs);
  });
  try {
    return await Promise.race([drain().then((): DrainOutcome => 'drained'), deadline]);
  } finally {
    clearTimeout(timer);
  }
}
