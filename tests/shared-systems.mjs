// The systems suites of one Jest run share (libs/testing/src/shared-system.ts): the run's folder
// for them, made by the global setup, and their stop by the global teardown, which also removes
// their databases and streams. Jest loads its global hooks without the workspace's path aliases,
// so the drops are written here as TestDatabase.drop and dropTestNamespace do them.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'nats';
import pg from 'pg';

const STOP_GRACE_MS = 20_000;

/** Names shared-system.ts reads (SHARED_SYSTEMS_DIR, SHARED_SYSTEMS_OWNER). */
export function prepareSharedSystems() {
  process.env.CLARION_SHARED_SYSTEMS_DIR = mkdtempSync(join(tmpdir(), 'clarion-shared-'));
  process.env.CLARION_SHARED_SYSTEMS_OWNER = String(process.pid);
}

export async function stopSharedSystems() {
  const runDir = process.env.CLARION_SHARED_SYSTEMS_DIR;
  if (!runDir) return;
  const records = readdirSync(runDir).flatMap((profile) => {
    try {
      return [JSON.parse(readFileSync(join(runDir, profile, 'record.json'), 'utf8'))];
    } catch {
      return [];
    }
  });
  await Promise.all(records.map((record) => stopLauncher(record.launcherPid)));
  for (const record of records) {
    await dropDatabase(record.options.databaseUrl);
    await dropNamespace(record.options.namespace);
  }
  rmSync(runDir, { recursive: true, force: true });
  delete process.env.CLARION_SHARED_SYSTEMS_DIR;
}

/** As Ctrl-C stops `npm start`; its whole process group is killed if it has not stopped in time. */
async function stopLauncher(pid) {
  if (!isRunning(pid)) return;
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + STOP_GRACE_MS;
  while (isRunning(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (isRunning(pid)) process.kill(-pid, 'SIGKILL');
}

function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function dropDatabase(databaseUrl) {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

async function dropNamespace(namespace) {
  const connection = await connect({ servers: process.env.NATS_URL });
  try {
    const manager = await connection.jetstreamManager();
    const prefixes = [`${namespace}_`, `KV_${namespace}_`, `OBJ_${namespace}_`];
    for await (const name of manager.streams.names()) {
      if (prefixes.some((prefix) => name.startsWith(prefix))) {
        await manager.streams.delete(name).catch(() => undefined);
      }
    }
  } finally {
    await connection.close();
  }
}
