// The system a benchmark starts for itself: `node tools/start.mjs` in its own CLARION_NAMESPACE,
// database and ports (every port it binds is free and picked here, so it runs beside `npm start`
// or another benchmark), logging to .data/bench/<namespace>.log; stopped and cleaned up after.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { isArgumentsError } from './cli-options.mjs';
import { OWN_NATS, startOwnNats } from './own-nats.mjs';
import { SERVICE_NAMES } from './process-cpu.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The system could not be started or reached. */
export class StartError extends Error {}

/** parseArgs options of a benchmark that starts its own system (`OwnSystem`). */
/** @satisfies {import('node:util').ParseArgsConfig['options']} */
export const OWN_SYSTEM_OPTIONS = {
  'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/clarion_bench' },
  // `own`: a nats-server of its own, durable as npm start's (bench/own-nats.mjs).
  'nats-url': { type: 'string', default: OWN_NATS },
  'start-timeout': { type: 'string', default: '240' },
  'keep-streams': { type: 'boolean', default: false },
  'fresh-db': { type: 'boolean', default: false },
};

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const progress = (message) => process.stderr.write(`[bench] ${message}\n`);

/**
 * What a benchmark's failure means for its exit status, said on stderr: 2 for bad arguments
 * (with the usage; an option parseArgs does not know, or one missing its value, included), 3 when
 * the system could not be started or reached, 1 for anything else.
 */
export function exitStatusOf(error, { UsageError, usage, logTail = () => '' }) {
  if (error instanceof UsageError || isArgumentsError(error)) {
    process.stderr.write(`${error.message}\n\n${usage}\n`);
    return 2;
  }
  if (error instanceof StartError) {
    progress(`cannot run: ${error.message}`);
    return 3;
  }
  progress(`failed: ${error.stack ?? error}`);
  const tail = logTail();
  if (tail) progress(tail);
  return 1;
}

export async function fetchWithTimeout(url, init = {}, timeoutMs = 5000) {
  return fetch(url, { ...init, signal: AbortSignal.timeout(Math.max(1, timeoutMs)) });
}

function portIsFree(port) {
  return new Promise((resolvePort) => {
    const server = createServer();
    server.once('error', () => resolvePort(false));
    server.listen({ port, exclusive: true }, () => server.close(() => resolvePort(true)));
  });
}

/** Linux hands out ephemeral ports from 32768: the system's ports stay below, or a client may hold one. */
const EPHEMERAL_PORTS_START = 32_768;

/**
 * Every port tools/start.mjs makes the system bind, in one run of free ports below the ephemeral
 * range: HEALTH_PORT_BASE + i - 1 for the i-th service (the gateway, first, has no health server
 * but its slot is kept free too), then the voice service's media port, then the gateway, then
 * delivery-workers' SMTP listener.
 */
export async function pickPorts() {
  const count = SERVICE_NAMES.length + 3;
  for (let attempt = 0; attempt < 200; attempt++) {
    const first = 20_000 + Math.floor(Math.random() * (EPHEMERAL_PORTS_START - 20_000 - count));
    const ports = Array.from({ length: count }, (_, i) => first + i);
    let free = true;
    for (const port of ports) {
      if (!(await portIsFree(port))) {
        free = false;
        break;
      }
    }
    if (free) {
      return {
        healthPortBase: first + 1,
        healthPorts: [first + 1, first + SERVICE_NAMES.length - 1],
        voiceMediaPort: first + SERVICE_NAMES.length,
        gatewayPort: first + SERVICE_NAMES.length + 1,
        emailInboundPort: first + SERVICE_NAMES.length + 2,
      };
    }
  }
  throw new StartError(`could not find ${count} consecutive free ports`);
}

const infraRecord = join(root, '.data', 'infra.json');

export class OwnSystem {
  constructor(options) {
    this.options = options;
    this.namespace = `bench${randomBytes(5).toString('hex')}`;
    /** @type {import('node:child_process').ChildProcess | undefined} */
    this.child = undefined;
    /** @type {Promise<{ code: number | null, signal: NodeJS.Signals | null }> | undefined} */
    this.exited = undefined;
    this.stopped = false;
    // tools/start.mjs records the URLs it used in .data/infra.json (read by `npm run admin` when
    // the default database does not answer); the benchmark puts the previous record back.
    this.savedInfraRecord = existsSync(infraRecord) ? readFileSync(infraRecord, 'utf8') : undefined;
  }

  /** DROP DATABASE of the benchmark's own database (name checked in parseOptions). */
  async dropDatabase() {
    const { default: pg } = await import('pg');
    const target = new URL(this.options.databaseUrl);
    const name = decodeURIComponent(target.pathname.slice(1));
    const maintenance = new URL(this.options.databaseUrl);
    maintenance.pathname = '/postgres';
    const client = new pg.Client({
      connectionString: maintenance.toString(),
      connectionTimeoutMillis: 5000,
      statement_timeout: 60_000,
    });
    await client.connect();
    try {
      await client.query(`DROP DATABASE IF EXISTS "${name.replace(/"/g, '""')}" WITH (FORCE)`);
      progress(`dropped database ${name}`);
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  /**
   * Waits until the machine is quiet before the load: PostgreSQL writes out what starting the
   * system dirtied (and what dropping the previous run's database left), and the CPU settles
   * (Linux only: read from /proc/stat), so that a run does not start amid the last one's
   * clean-up.
   */
  async settle({ quietPercent = 15, quietSeconds = 2, timeoutS = 30 } = {}) {
    await this.withDatabase(async (client) => {
      try {
        await client.query('CHECKPOINT');
      } catch (error) {
        progress(`CHECKPOINT failed (${error.message}); the run may start less settled`);
      }
    });
    if (process.platform !== 'linux') return;
    const deadline = performance.now() + timeoutS * 1000;
    let quietFor = 0;
    let before = machineCpuTicks();
    while (quietFor < quietSeconds && performance.now() < deadline) {
      await sleep(1000);
      const after = machineCpuTicks();
      const busyPercent = (100 * (after.busy - before.busy)) / Math.max(1, after.all - before.all);
      quietFor = busyPercent <= quietPercent ? quietFor + 1 : 0;
      before = after;
    }
    if (quietFor < quietSeconds) progress(`the machine did not become quiet within ${timeoutS} s`);
  }

  /** The pid of tools/start.mjs, the root of the system's processes. */
  get launcherPid() {
    const pid = this.child?.pid;
    if (pid === undefined) throw new Error('the system is not started');
    return pid;
  }

  async start() {
    if (this.options.freshDb) await this.dropDatabase();
    if (this.options.natsUrl === OWN_NATS) {
      this.ownNats = await startOwnNats(root, this.namespace, progress);
      this.options.natsUrl = this.ownNats.url;
    }
    const { gatewayPort, healthPortBase, healthPorts, voiceMediaPort, emailInboundPort } =
      await pickPorts();
    this.url = `http://127.0.0.1:${gatewayPort}`;
    const logDir = join(root, '.data', 'bench');
    mkdirSync(logDir, { recursive: true });
    this.logPath = join(logDir, `${this.namespace}.log`);
    const log = openSync(this.logPath, 'a');
    const env = {
      ...process.env,
      // What this system alone is started with (bench/tracing-cost.mjs: tracing on or off).
      ...this.options.env,
      GATEWAY_PORT: String(gatewayPort),
      HEALTH_PORT_BASE: String(healthPortBase),
      VOICE_MEDIA_PORT: String(voiceMediaPort),
      EMAIL_INBOUND_PORT: String(emailInboundPort),
      CLARION_NAMESPACE: this.namespace,
      DATABASE_URL: this.options.databaseUrl,
      NATS_URL: this.options.natsUrl,
      LOG_FORMAT: 'json',
      NO_COLOR: '1',
    };
    progress(
      `starting the system: namespace ${this.namespace}, gateway ${this.url}, health ports ${healthPorts.join('-')}, voice media ${voiceMediaPort}`,
    );
    progress(`system log: ${relative(process.cwd(), this.logPath)}`);
    const startedAt = performance.now();
    // Own process group, so that a Ctrl-C in the terminal reaches only the benchmark, which
    // then stops the system in order; the group is the last resort if start.mjs hangs.
    const child = spawn(process.execPath, [join(root, 'tools/start.mjs')], {
      cwd: root,
      env,
      stdio: ['ignore', log, log],
      detached: true,
    });
    this.child = child;
    closeSync(log);
    this.exited = new Promise((r) => child.once('exit', (code, signal) => r({ code, signal })));
    /** @type {{ code: number | null, signal: NodeJS.Signals | null } | undefined} */
    let exitedEarly;
    void this.exited.then((how) => (exitedEarly = how));

    const deadline = performance.now() + this.options.startTimeoutMs;
    while (performance.now() < deadline) {
      if (exitedEarly) {
        throw new StartError(
          `tools/start.mjs exited (${exitedEarly.signal ?? exitedEarly.code}) before the system was ready\n${this.logTail()}`,
        );
      }
      try {
        const response = await fetchWithTimeout(`${this.url}/status`, {}, 2000);
        await response.arrayBuffer();
        if (response.status === 200) break;
      } catch {
        // not listening yet
      }
      await sleep(250);
    }
    if (performance.now() >= deadline) {
      throw new StartError(
        `GET /status did not answer 200 within ${this.options.startTimeoutMs / 1000} s\n${this.logTail()}`,
      );
    }
    this.adoptUrlsInUse();
    this.restoreInfraRecord();
    progress(`system ready in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);

    const admin = spawnSync(
      process.execPath,
      [
        join(root, 'tools/admin.mjs'),
        'account',
        'create',
        '--name',
        'Bench',
        '--email',
        `${this.namespace}@example.test`,
      ],
      {
        cwd: root,
        env: { ...process.env, DATABASE_URL: this.options.databaseUrl },
        encoding: 'utf8',
        timeout: 120_000,
      },
    );
    if (admin.status !== 0) {
      throw new StartError(
        `tools/admin.mjs account create failed (${admin.error?.message ?? admin.signal ?? admin.status}): ${admin.stderr.trim()}`,
      );
    }
    const line = admin.stdout.trim().split('\n').pop() ?? '';
    let account;
    try {
      account = JSON.parse(line);
    } catch {
      throw new StartError(
        `tools/admin.mjs printed no JSON account: ${admin.stdout.trim()} ${admin.stderr.trim()}`,
      );
    }
    if (typeof account.apiKey !== 'string') throw new StartError(`no apiKey in ${line}`);
    this.apiKey = account.apiKey;
    this.accountId = account.accountId;
    await this.liftUsageCap();
  }

  /**
   * A new account is free, capped at $20 a cycle: a run of a few thousand emails and texts would
   * reach the cap and measure 402s. The bench's own account is put on the largest paid tier.
   */
  async liftUsageCap() {
    await this.withDatabase((client) =>
      client.query(
        `UPDATE billing.accounts SET account_type = 'paid', plan_tier = 'budget_5000' WHERE id = $1`,
        [this.accountId],
      ),
    );
  }

  /** Runs `work` with a client of the system's database, closed after. */
  async withDatabase(work) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({
      connectionString: this.options.databaseUrl,
      connectionTimeoutMillis: 5000,
    });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  /**
   * Where nothing answered at the configured URLs (a fresh machine), tools/start.mjs started an
   * embedded PostgreSQL (with credentials) or nats-server and recorded the URLs it uses: the
   * benchmark's own reads and writes go there too.
   */
  adoptUrlsInUse() {
    try {
      const record = JSON.parse(readFileSync(infraRecord, 'utf8'));
      if (record.pid !== this.child?.pid) return;
      if (typeof record.databaseUrl === 'string') this.options.databaseUrl = record.databaseUrl;
      if (typeof record.natsUrl === 'string') this.options.natsUrl = record.natsUrl;
    } catch {
      // no record of this run: the configured URLs are the ones in use
    }
  }

  logTail(lines = 25) {
    if (!this.logPath || !existsSync(this.logPath)) return '';
    const tail = readFileSync(this.logPath, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
    return `last lines of ${relative(process.cwd(), this.logPath)}:\n${tail}`;
  }

  restoreInfraRecord() {
    try {
      if (this.savedInfraRecord !== undefined) {
        const current = existsSync(infraRecord) ? readFileSync(infraRecord, 'utf8') : undefined;
        if (current !== this.savedInfraRecord) writeFileSync(infraRecord, this.savedInfraRecord);
      }
    } catch {
      // best effort
    }
  }

  /** SIGTERM to start.mjs (which stops the services), then the whole group if it hangs. */
  async stop() {
    if (this.stopped) return;
    this.stopped = true;
    const child = this.child;
    if (child?.pid && child.exitCode === null && child.signalCode === null) {
      progress('stopping the system');
      try {
        child.kill('SIGTERM');
      } catch {
        // already gone
      }
      const result = await Promise.race([this.exited, sleep(30_000).then(() => undefined)]);
      if (!result) {
        progress('the system did not stop within 30 s; killing its process group');
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
        await Promise.race([this.exited, sleep(5000)]);
      }
    }
    // Services left behind by a start.mjs that died: they share its process group.
    if (this.child?.pid) {
      try {
        process.kill(-this.child.pid, 0);
        process.kill(-this.child.pid, 'SIGTERM');
        await sleep(3000);
        process.kill(-this.child.pid, 'SIGKILL');
      } catch {
        // group empty
      }
    }
    this.restoreInfraRecord();
    if (this.ownNats) await this.ownNats.stop();
    else if (!this.options.keepStreams) await this.deleteStreams();
  }

  /** What the NATS of the run promises an acknowledged send, when the benchmark started it. */
  natsDurability() {
    return this.ownNats ? this.ownNats.durability : 'shared NATS (durability not known here)';
  }

  /**
   * The run's streams (namespace_SENDS, …, and its KV buckets' KV_namespace_…) would otherwise
   * stay in NATS; EVENTS keeps 7 days.
   */
  async deleteStreams() {
    let connection;
    try {
      const { connect } = await import('nats');
      connection = await connect({
        servers: this.options.natsUrl.split(','),
        timeout: 3000,
        reconnect: false,
      });
      const manager = await connection.jetstreamManager({ timeout: 3000 });
      const names = [];
      for await (const info of manager.streams.list()) {
        const name = info.config.name;
        if (name.startsWith(`${this.namespace}_`) || name.startsWith(`KV_${this.namespace}_`)) {
          names.push(name);
        }
      }
      for (const name of names) await manager.streams.delete(name);
      if (names.length > 0) progress(`deleted streams ${names.join(', ')}`);
    } catch (error) {
      progress(`could not delete the streams of ${this.namespace}: ${error.message}`);
    } finally {
      await connection?.close().catch(() => undefined);
    }
  }
}

/** CPU time of the whole machine since boot, in clock ticks: busy and all (from /proc/stat). */
function machineCpuTicks() {
  const fields = readFileSync('/proc/stat', 'utf8')
    .split('\n', 1)[0]
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const all = fields.reduce((sum, value) => sum + value, 0);
  const idle = fields[3] + (fields[4] ?? 0);
  return { busy: all - idle, all };
}
