/**
 * How long a service whose launcher is gone may take to stop: the NATS and PostgreSQL that the
 * launcher started are stopping at the same time, so draining may never finish.
 */
const ORPHANED_STOP_DEADLINE_MS = 10_000;

/**
 * Under `npm start` the launcher holds each service's stdin and reads its output. When the
 * launcher is gone (even killed by SIGKILL), stdin ends and writes fail with EPIPE: the service
 * stops instead of running on orphaned, and a write that fails is no uncaught exception.
 */
export function stopWhenLauncherIsGone(stop: (cause: string) => void): void {
  let gone = false;
  const launcherGone = (how: string) => {
    if (gone) return;
    gone = true;
    setTimeout(() => process.exit(0), ORPHANED_STOP_DEADLINE_MS).unref();
    stop(`the launcher is gone (${how})`);
  };
  process.stdin.once('end', () => launcherGone('stdin ended'));
  process.stdin.once('error', () => launcherGone('stdin failed'));
  for (const output of [process.stdout, process.stderr]) {
    output.on('error', () => launcherGone('its output is closed'));
  }
  process.stdin.resume();
}
