import { INestApplicationContext, Logger } from '@nestjs/common';
import { stopTracing } from '@clarion/observability';

/**
 * Stops the service cleanly on SIGINT/SIGTERM: `beforeStop` (closing listeners), then Nest's
 * shutdown hooks (consumers finish their batch, NATS drains, the database pool closes), then
 * buffered spans are flushed.
 */
export function stopOnSignals(
  app: INestApplicationContext,
  beforeStop: () => void | Promise<void>,
): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    new Logger('Shutdown').log(`${signal} received, stopping`);
    try {
      await beforeStop();
      await app.close();
      await stopTracing();
      process.exit(0);
    } catch (error) {
      new Logger('Shutdown').error(error instanceof Error ? error : String(error));
      process.exit(1);
    }
  };
  process.once('SIGINT', (signal) => void stop(signal));
  process.once('SIGTERM', (signal) => void stop(signal));
}
