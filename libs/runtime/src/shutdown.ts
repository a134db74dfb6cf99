import { INestApplicationContext, Logger } from '@nestjs/common';
import { BaseEnv } from '@clarion/config';
import { stopTelemetry } from '@clarion/observability';
import { drainWithin } from './drain-deadline';
import { stopWhenLauncherIsGone } from './stop-with-launcher';

/**
 * Stops the service cleanly on SIGINT/SIGTERM: `beforeStop` (closing listeners), then Nest's
 * shutdown hooks (consumers finish their batch, NATS drains, the database pool closes), then
 * buffered spans are flushed. The drain has its own deadline (DRAIN_DEADLINE_MS, shorter than the
 * orchestrator's grace period): past it the service exits anyway, with status 1.
 *
 * Faults never end the process mid-request: a promise rejected with nobody listening is logged
 * and the service keeps serving (the work it belonged to is retried or answered by its caller's
 * deadline); an exception thrown with nobody to catch it may have left state half-changed, so it
 * is logged and the service drains and exits on purpose, for its supervisor to start it again.
 *
 * Under `npm start` (STOP_WHEN_STDIN_ENDS), the end of stdin stops it too: the launcher is gone.
 */
export function stopOnSignals(
  app: INestApplicationContext,
  beforeStop: () => void | Promise<void>,
  env: Pick<BaseEnv, 'STOP_WHEN_STDIN_ENDS' | 'DRAIN_DEADLINE_MS'>,
): void {
  const logger = new Logger('Shutdown');
  let stopping = false;
  const stop = async (cause: string, exitCode: number) => {
    if (stopping) return;
    stopping = true;
    logger.log(`${cause}, stopping`);
    try {
      const outcome = await drainWithin(env.DRAIN_DEADLINE_MS, async () => {
        await beforeStop();
        await app.close();
      });
      if (outcome === 'deadline') {
        logger.error(
          `the drain did not finish within ${env.DRAIN_DEADLINE_MS} ms (DRAIN_DEADLINE_MS); ` +
            'exiting anyway: unsettled messages are redelivered',
        );
      }
      await stopTelemetry();
      process.exit(outcome === 'deadline' ? 1 : exitCode);
    } catch (error) {
      logger.error(error instanceof Error ? error : String(error));
      process.exit(1);
    }
  };
  process.once('SIGINT', (signal) => void stop(`${signal} received`, 0));
  process.once('SIGTERM', (signal) => void stop(`${signal} received`, 0));
  if (env.STOP_WHEN_STDIN_ENDS) stopWhenLauncherIsGone((cause) => void stop(cause, 0));
  process.on('unhandledRejection', (reason) => {
    new Logger('UnhandledRejection').error(
      reason instanceof Error ? reason : String(reason),
      'a promise failed with nobody waiting for it; still serving',
    );
  });
  process.on('uncaughtException', (error) => {
    new Logger('UncaughtException').error(error);
    void stop('an uncaught exception', 1);
  });
}
