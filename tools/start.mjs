#!/usr/bin/env node
// `npm start`: builds what changed, finds or starts PostgreSQL and NATS, and runs the eight
// services as separate processes with prefixed logs. Ctrl-C stops everything cleanly: the
// terminal signals this process and the services (the servers it started run in process groups
// of their own), and it stops the servers once the services have stopped.
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { ensureInfrastructure } from './infra.mjs';
import { nextRestart } from './restart-backoff.mjs';
import { removeStartRecord, writeStartRecord } from './start-record.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const COLORS = [36, 33, 32, 35, 34, 96, 93, 92];
const STOP_GRACE_MS = 10_000;
const startedAt = Date.now();
const useColor = process.stdout.isTTY && !process.env.NO_COLOR;

const say = (message) => process.stderr.write(`${label('clarion', 0)} ${message}\n`);

function label(name, index) {
  const text = `[${name.padEnd(width)}]`;
  return useColor ? `\x1b[${COLORS[index % COLORS.length]}m${text}\x1b[0m` : text;
}

const build = spawnSync(process.execPath, [join(root, 'tools/build.mjs')], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
// The one list of services lives in the contracts; read it from the build.
const { SERVICE_NAMES: SERVICES } = createRequire(import.meta.url)(
  join(root, 'dist/libs/contracts/src/common/service-name.js'),
);
const width = Math.max(...SERVICES.map((s) => s.length));

warnOfUnsupportedNode();

let infra;
try {
  infra = await ensureInfrastructure({ root, log: say });
} catch (error) {
  say(error.message);
  process.exit(1);
}
// For `npm run admin` in another terminal: the URLs in use, which may hold embedded credentials.
writeStartRecord(infra.dataRoot, infra);

const healthPortBase = Number(process.env.HEALTH_PORT_BASE || 3101);
const gatewayPort = Number(process.env.GATEWAY_PORT || 3000);
const voiceMediaPort = Number(process.env.VOICE_MEDIA_PORT || 3010);
const children = new Map();
let stopping = false;

function serviceEnv(service, index) {
  return {
    ...process.env,
    DATABASE_URL: infra.databaseUrl,
    NATS_URL: infra.natsUrl,
    LOG_FORMAT: process.env.LOG_FORMAT || 'pretty',
    GATEWAY_PORT: String(gatewayPort),
    // Where providers and recipients reach the gateway (callbacks, tracking links).
    PUBLIC_URL: process.env.PUBLIC_URL || `http://localhost:${gatewayPort}`,
    HEALTH_PORT: String(healthPortBase + index - 1),
    // The voice service serves call media there; the gateway forwards /voice/media/* to it.
    VOICE_MEDIA_PORT: String(voiceMediaPort),
    VOICE_MEDIA_URL: `http://127.0.0.1:${voiceMediaPort}`,
    // The service stops when its stdin ends: when this launcher is gone, even killed by SIGKILL.
    STOP_WHEN_STDIN_ENDS: 'true',
  };
}

/**
 * Clarion supports Node ^22.12 || >=24 (package.json `engines`); older ones still run it, but
 * Node 20's AsyncLocalStorage, which tracing keeps its context in, hooks every promise.
 */
function warnOfUnsupportedNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major >= 24 || (major === 22 && minor >= 12)) return;
  say(
    `Node ${process.versions.node} is outside what Clarion supports (^22.12 || >=24, package.json engines).` +
      (process.env.OTEL_EXPORTER_OTLP_ENDPOINT
        ? ' With tracing on, it costs about a quarter of send throughput there, twice what it does on Node 22 and 24.'
        : ''),
  );
}

/**
 * Node 22 tracks the async context tracing needs with promise hooks, which cost every promise
 * (a quarter of send throughput with tracing on, on Node 20 as well); its async context frames
 * cost almost nothing, and are Node 24's default.
 */
function asyncContextFlags() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  return major === 22 && minor >= 7 ? ['--experimental-async-context-frame'] : [];
}

/** CLARION_CPU_PROFILE_DIR: each service writes a V8 CPU profile there when it stops (`--cpu-prof`). */
function profilingFlags(service) {
  const dir = process.env.CLARION_CPU_PROFILE_DIR;
  return dir
    ? ['--cpu-prof', `--cpu-prof-dir=${dir}`, `--cpu-prof-name=${service}.${Date.now()}.cpuprofile`]
    : [];
}

function startService(service, index, crashesInARow = 0) {
  const spawnedAt = Date.now();
  const child = spawn(
    process.execPath,
    [
      ...profilingFlags(service),
      ...asyncContextFlags(),
      // Stack traces name the compiled files (SWC keeps the layout and lines close). Source
      // maps (NODE_OPTIONS=--enable-source-maps) map them to TypeScript, but Node then holds
      // every loaded package's map: 15-20 MiB more per idle service.
      join(root, 'dist/apps', service, 'src/main.js'),
    ],
    {
      env: serviceEnv(service, index),
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  children.set(service, child);
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) =>
      process.stdout.write(`${label(service, index)} ${line}\n`),
    );
  }
  child.once('exit', (code, signal) => {
    children.delete(service);
    if (stopping) return;
    const restart = nextRestart(crashesInARow, Date.now() - spawnedAt);
    say(`${service} exited (${signal ?? code}); restarting in ${restart.delayMs} ms`);
    setTimeout(
      () => !stopping && startService(service, index, restart.crashesInARow),
      restart.delayMs,
    );
  });
}

async function waitForReadiness() {
  const url = `http://127.0.0.1:${gatewayPort}/status`;
  while (!stopping) {
    try {
      const response = await fetch(url);
      if (response.status === 200) {
        say(
          `all ${SERVICES.length} services ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s — API on http://localhost:${gatewayPort} (docs: /docs)`,
        );
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * CLARION_STOP_WITH_PID: a system started for others to use (a test run's shared system, started
 * in a process group of its own) stops like Ctrl-C stops it once that process is gone, so that a
 * test run killed outright leaves nothing running.
 */
function stopWithOwner(ownerPid) {
  if (!ownerPid) return;
  const watch = setInterval(() => {
    try {
      process.kill(Number(ownerPid), 0);
    } catch (error) {
      if (error.code !== 'ESRCH') return;
      clearInterval(watch);
      void stopAll(`process ${ownerPid} gone`);
    }
  }, 1_000);
  watch.unref();
}

async function stopAll(signal) {
  if (stopping) return;
  stopping = true;
  say(`${signal}: stopping services`);
  const exits = [...children.values()].map((child) => new Promise((r) => child.once('exit', r)));
  for (const child of children.values()) child.kill('SIGTERM');
  const timer = setTimeout(
    () => [...children.values()].forEach((c) => c.kill('SIGKILL')),
    STOP_GRACE_MS,
  );
  await Promise.all(exits);
  clearTimeout(timer);
  await infra.stop();
  removeStartRecord(infra.dataRoot);
  say('stopped');
  process.exit(0);
}

// A closed terminal (SIGHUP) stops everything like Ctrl-C does.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
  process.on(signal, () => void stopAll(signal));
stopWithOwner(process.env.CLARION_STOP_WITH_PID);
SERVICES.forEach((service, index) => startService(service, index));
void waitForReadiness();
