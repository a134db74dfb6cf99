// The nats-server of `npm start`: from PATH, with JetStream, its data under .data/nats, run under
// tools/server-guard.mjs so that it stops after the services and never outlives the launcher.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startGuardedServer } from './guarded-server.mjs';
import { isListening } from './is-listening.mjs';

const READY_TIMEOUT_MS = 10_000;

/** Starts `binary` on 127.0.0.1:`port`; its URL and its stop. */
export async function startNatsServer(binary, dataRoot, port) {
  const storeDir = join(dataRoot, 'nats');
  mkdirSync(storeDir, { recursive: true });
  const server = startGuardedServer({
    command: binary,
    args: ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', storeDir],
    stopSignal: 'SIGTERM',
    logFile: join(dataRoot, 'nats.log'),
  });
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!(await isListening('127.0.0.1', port, 500))) {
    if (server.exited() || Date.now() > deadline) {
      await server.stop();
      throw new Error(`nats-server did not start on port ${port}: ${server.logTail()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url: `nats://127.0.0.1:${port}`, storeDir, stop: server.stop };
}
