// Finds PostgreSQL and NATS, or starts them: an embedded PostgreSQL from npm and `nats-server -js`
// from PATH, with their data under .data/. Used by `npm start` and `npm test`. The servers run in
// process groups of their own (a terminal's Ctrl-C reaches only the caller, which stops them after
// its services) and stop when the caller's process ends, however it ends.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { preparePostgres, startEmbeddedPostgres } from './embedded-postgres.mjs';
import { natsServerBinary } from './infra-preconditions.mjs';
import { isListening } from './is-listening.mjs';
import { startNatsServer } from './nats-server.mjs';

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/clarion';
export const DEFAULT_NATS_URL = 'nats://127.0.0.1:4222';
export { isListening };

/** Where an embedded PostgreSQL, nats-server and the record of `npm start` keep their files. */
export function dataRootOf(root, env = process.env) {
  return env.CLARION_DATA_DIR || join(root, '.data');
}

function hostPort(url, defaultPort) {
  const parsed = new URL(url);
  return { host: parsed.hostname, port: Number(parsed.port || defaultPort) };
}

/**
 * A URL as messages show it: the password of its user (DATABASE_URL, NATS_URL) as `***`, in
 * every URL of a list.
 */
export function shownUrl(url) {
  return url.replace(/(\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:)[^\s/@,]*@/gi, '$1***@');
}

/** The servers of NATS_URL: one URL, or the nodes of a cluster separated by commas. */
export function natsServersOf(natsUrl) {
  return natsUrl
    .split(',')
    .map((server) => server.trim())
    .filter(Boolean);
}

function isLocal(host) {
  return ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host);
}

/** Whether the server at `url` must be started here; fails for a remote one that does not answer. */
async function needsStarting(url, defaultPort, what, variable) {
  const { host, port } = hostPort(url, defaultPort);
  if (await isListening(host, port)) return false;
  if (!isLocal(host))
    throw new Error(`${what} is not reachable at ${shownUrl(url)}: check ${variable}.`);
  return true;
}

/**
 * Whether NATS must be started here. A cluster (several servers in NATS_URL) is never started
 * here: it is enough that one of its nodes answers, and an error when none does.
 */
async function natsNeedsStarting(natsUrl) {
  const servers = natsServersOf(natsUrl);
  if (servers.length <= 1) return needsStarting(servers[0] ?? natsUrl, 4222, 'NATS', 'NATS_URL');
  for (const server of servers) {
    const { host, port } = hostPort(server, 4222);
    if (await isListening(host, port)) return false;
  }
  throw new Error(`No NATS server of ${shownUrl(natsUrl)} is reachable: check NATS_URL.`);
}

/**
 * PostgreSQL at DATABASE_URL and NATS at NATS_URL when they answer; otherwise, for local
 * addresses, starts them under the data folder, once every precondition of both is known to hold.
 * Returns the URLs to use, the URLs asked for, and how to stop what was started.
 */
export async function ensureInfrastructure({ root, log = console.error, env = process.env }) {
  const dataRoot = dataRootOf(root, env);
  const configured = {
    databaseUrl: env.DATABASE_URL || DEFAULT_DATABASE_URL,
    natsUrl: env.NATS_URL || DEFAULT_NATS_URL,
  };
  const startPostgres = await needsStarting(
    configured.databaseUrl,
    5432,
    'PostgreSQL',
    'DATABASE_URL',
  );
  const startNats = await natsNeedsStarting(configured.natsUrl);
  const natsBinary = startNats
    ? natsServerBinary(shownUrl(configured.natsUrl), env.PATH)
    : undefined;
  if (startPostgres || startNats) mkdirSync(dataRoot, { recursive: true });
  const postgres = startPostgres ? await preparePostgres(dataRoot) : undefined;

  const stops = [];
  const result = {
    ...configured,
    configured,
    dataRoot,
    stop: async () => {
      for (const stop of stops.splice(0).reverse()) await stop();
    },
  };
  try {
    if (postgres) {
      const port = hostPort(configured.databaseUrl, 5432).port;
      const started = await startEmbeddedPostgres(postgres, configured.databaseUrl, port);
      stops.push(started.stop);
      result.databaseUrl = started.url;
      log(
        `PostgreSQL was not reachable at ${shownUrl(configured.databaseUrl)}; started an embedded one on port ${port} (data in ${postgres.databaseDir})`,
      );
    }
    if (natsBinary) {
      const port = hostPort(configured.natsUrl, 4222).port;
      const started = await startNatsServer(natsBinary, dataRoot, port);
      stops.push(started.stop);
      result.natsUrl = started.url;
      log(
        `NATS was not reachable at ${shownUrl(configured.natsUrl)}; started nats-server -js on port ${port} (data in ${started.storeDir}${started.durable ? ', synced to disk before every ack' : ''})`,
      );
      if (started.warning) log(started.warning);
    }
  } catch (error) {
    await result.stop();
    throw error;
  }
  return result;
}
