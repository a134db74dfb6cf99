// The nats-server of `npm start`: from PATH, with JetStream, its data under .data/nats, run under
// tools/server-guard.mjs so that it stops after the services and never outlives the launcher.
// JetStream syncs every stored message to disk before it acknowledges it (`sync_interval:
// always`), so an accepted send survives a power cut; nats-server before 2.10.23 cannot be told
// to (2.9 has no such setting, and 2.10.20–2.10.22 could forget a stream after kill -9).
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startGuardedServer } from './guarded-server.mjs';
import { isListening } from './is-listening.mjs';

const READY_TIMEOUT_MS = 10_000;
const FIRST_DURABLE_VERSION = [2, 10, 23];

/** The version `binary --version` prints, as [major, minor, patch], or undefined. */
export function natsServerVersion(binary) {
  const printed = spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout ?? '';
  const match = /v(\d+)\.(\d+)\.(\d+)/.exec(printed);
  return match ? match.slice(1, 4).map(Number) : undefined;
}

/** Whether nats-server of `version` can sync every message before acknowledging it. */
export function syncsBeforeAck(version) {
  if (!version) return false;
  for (let i = 0; i < 3; i++) {
    if (version[i] !== FIRST_DURABLE_VERSION[i]) return version[i] > FIRST_DURABLE_VERSION[i];
  }
  return true;
}

/** The one line said when the nats-server found cannot be made durable. */
export function notDurableWarning(binary, version) {
  const shown = version ? version.join('.') : 'of unknown version';
  return `${binary} is nats-server ${shown}, which acknowledges messages before they reach the disk: a power cut can lose accepted sends. Install nats-server 2.10.23 or later (Debian 13's package, or a release from github.com/nats-io/nats-server) for durable acceptance.`;
}

/** Starts `binary` on 127.0.0.1:`port`; its URL, whether it syncs before acking, and its stop. */
export async function startNatsServer(binary, dataRoot, port) {
  const storeDir = join(dataRoot, 'nats');
  mkdirSync(storeDir, { recursive: true });
  const version = natsServerVersion(binary);
  const durable = syncsBeforeAck(version);
  const configFile = join(dataRoot, 'nats.conf');
  writeFileSync(configFile, natsConfig({ port, storeDir, durable }));
  const server = startGuardedServer({
    command: binary,
    args: ['-c', configFile],
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
  return {
    url: `nats://127.0.0.1:${port}`,
    storeDir,
    durable,
    warning: durable ? undefined : notDurableWarning(binary, version),
    stop: server.stop,
  };
}

/** nats-server's configuration: loopback, JetStream in `storeDir`, synced when it can be. */
export function natsConfig({ port, storeDir, durable }) {
  return [
    `listen: "127.0.0.1:${port}"`,
    'jetstream {',
    `  store_dir: ${JSON.stringify(storeDir)}`,
    ...(durable ? ['  sync_interval: always'] : []),
    '}',
    '',
  ].join('\n');
}
