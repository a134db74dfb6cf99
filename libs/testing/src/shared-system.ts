import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eventually } from './eventually';
import { RunningSystem, RunningSystemRecord } from './running-system';
import { createTestDatabase, TestDatabase } from './test-database';
import { createTestNamespace } from './test-namespace';

/** Set by tests/global-setup.mjs: where this test run records its shared systems. */
export const SHARED_SYSTEMS_DIR = 'CLARION_SHARED_SYSTEMS_DIR';
/** Set by tests/global-setup.mjs: the Jest process whose end stops them. */
export const SHARED_SYSTEMS_OWNER = 'CLARION_SHARED_SYSTEMS_OWNER';

/**
 * Every suite sends from 127.0.0.1: one suite's deliberate failed sign-ins would spend the
 * per-address budget of another's. A shared system's budget is one no suite reaches (the
 * budget itself is the subject of apps/gateway/src/rate-limits/auth-failures.int-spec.ts).
 */
const SHARED_PROFILE_ENV = {
  AUTH_FAILURE_LIMIT_PER_MINUTE: '1000000',
  AUTH_FAILURE_BURST: '1000000',
};

const READY_FILE = 'ready';
const FAILED_FILE = 'failed';
const RECORD_FILE = 'record.json';
const START_TIMEOUT_MS = 120_000;

/** True in a Jest run set up by tests/global-setup.mjs. */
export function sharedSystemsAvailable(): boolean {
  return Boolean(process.env[SHARED_SYSTEMS_DIR] && process.env[SHARED_SYSTEMS_OWNER]);
}

/**
 * The system of this profile (its environment) that every suite of this test run asking for it
 * uses: the first to ask starts it, in a process group of its own, and the others wait for it.
 * tests/global-teardown.mjs stops it and removes its database and streams.
 */
export async function sharedSystem(profileEnv: Record<string, string>): Promise<RunningSystem> {
  const runDir = process.env[SHARED_SYSTEMS_DIR];
  const ownerPid = Number(process.env[SHARED_SYSTEMS_OWNER]);
  if (!runDir || !ownerPid) throw new Error('shared systems need tests/global-setup.mjs');
  const extraEnv = { ...profileEnv, ...SHARED_PROFILE_ENV };
  const dir = join(runDir, profileIdOf(extraEnv));
  if (claimed(dir)) return startShared(dir, extraEnv, ownerPid);
  return RunningSystem.attach(await recordOnceReady(dir));
}

function profileIdOf(env: Record<string, string>): string {
  const sorted = Object.keys(env)
    .sort()
    .map((key) => [key, env[key]]);
  return createHash('sha256').update(JSON.stringify(sorted)).digest('hex').slice(0, 16);
}

/** True for the one process of the run that creates the profile's folder. */
function claimed(dir: string): boolean {
  try {
    mkdirSync(dir);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

async function startShared(
  dir: string,
  extraEnv: Record<string, string>,
  ownerPid: number,
): Promise<RunningSystem> {
  let database: TestDatabase | undefined;
  let recorded = false;
  try {
    database = await createTestDatabase();
    const detached = { logFile: join(dir, 'output.log'), dataDir: join(dir, 'data'), ownerPid };
    mkdirSync(detached.dataDir);
    const namespace = createTestNamespace();
    const system = new RunningSystem({ databaseUrl: database.url, namespace, extraEnv, detached });
    await system.launch();
    // Recorded before it is ready, so that the teardown stops it and drops its database and
    // streams whatever happens next.
    writeAtomically(join(dir, RECORD_FILE), JSON.stringify(system.record));
    recorded = true;
    await system.untilReady();
    writeAtomically(join(dir, READY_FILE), '');
    return system;
  } catch (error) {
    writeAtomically(join(dir, FAILED_FILE), String(error));
    if (!recorded) await database?.drop();
    throw error;
  }
}

async function recordOnceReady(dir: string): Promise<RunningSystemRecord> {
  await eventually(() => (existsSync(join(dir, READY_FILE)) || failure(dir) ? true : undefined), {
    timeoutMs: START_TIMEOUT_MS,
    intervalMs: 100,
  });
  const failed = failure(dir);
  if (failed !== undefined) throw new Error(`the shared system did not start: ${failed}`);
  return JSON.parse(readFileSync(join(dir, RECORD_FILE), 'utf8')) as RunningSystemRecord;
}

function failure(dir: string): string | undefined {
  try {
    return readFileSync(join(dir, FAILED_FILE), 'utf8');
  } catch {
    return undefined;
  }
}

function writeAtomically(path: string, text: string): void {
  writeFileSync(`${path}.tmp`, text);
  renameSync(`${path}.tmp`, path);
}
