// What a running `npm start` uses, in <data dir>/infra.json, so that `npm run admin` in another
// terminal reaches the same PostgreSQL and NATS: the embedded PostgreSQL it may have started
// needs credentials that no default URL carries.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const recordOf = (dataRoot) => join(dataRoot, 'infra.json');

function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** The record of an `npm start` that is still running, if there is one. */
export function readStartRecord(dataRoot) {
  try {
    const record = JSON.parse(readFileSync(recordOf(dataRoot), 'utf8'));
    return Number.isInteger(record.pid) && isRunning(record.pid) ? record : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Records what this process uses, unless another running `npm start` on the same data folder
 * recorded first (it keeps its record; the first one started is the one admin reaches).
 * `configured` holds the URLs it was asked for, `databaseUrl`/`natsUrl` those it uses.
 */
export function writeStartRecord(dataRoot, { configured, databaseUrl, natsUrl }) {
  if (readStartRecord(dataRoot)) return false;
  // A fresh checkout whose PostgreSQL and NATS already run has no data folder yet.
  mkdirSync(dataRoot, { recursive: true });
  writeFileSync(
    recordOf(dataRoot),
    JSON.stringify({ pid: process.pid, configured, databaseUrl, natsUrl }),
  );
  return true;
}

/** Removes this process's record. */
export function removeStartRecord(dataRoot) {
  if (readStartRecord(dataRoot)?.pid === process.pid) rmSync(recordOf(dataRoot), { force: true });
}

/**
 * The URL for a command run beside `npm start`: with `variable` unset, what the running
 * `npm start` uses, else the default; with it set, the same, unless it names something else than
 * `npm start` was asked for (then that).
 */
export function urlBesideStart({ env, variable, key, defaultUrl, record }) {
  const asked = env[variable];
  if (!record) return asked || defaultUrl;
  if (!asked || asked === record.configured?.[key]) return record[key];
  return asked;
}
