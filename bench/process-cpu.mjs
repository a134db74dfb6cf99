// CPU time of the processes a send costs, from Linux /proc: each service of the system under test,
// the PostgreSQL backends of its database and the PostgreSQL server processes, nats-server, the
// benchmark itself, and the rest of the machine. Take a snapshot before and after the measured
// window; `cpuBetween` turns the two into milliseconds per group. Figures are null off Linux.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The one list of services, read from the contracts' source (the bench needs no build). */
export const SERVICE_NAMES = (() => {
  const source = readFileSync(join(root, 'libs/contracts/src/common/service-name.ts'), 'utf8');
  const list = /SERVICE_NAMES\s*=\s*\[([^\]]*)\]/.exec(source)?.[1] ?? '';
  return [...list.matchAll(/'([^']+)'/g)].map((match) => match[1]);
})();

export const CLOCK_TICKS = (() => {
  const result = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8', timeout: 2000 });
  return Number(result.stdout?.trim()) || 100;
})();

const read = (path) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
};

/** pid, parent, name, CPU ticks and start time of one process, or undefined once it is gone. */
function processStat(pid) {
  const stat = read(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return {
    pid,
    ppid: Number(fields[1]),
    comm,
    ticks: Number(fields[11]) + Number(fields[12]), // utime + stime
    startTime: fields[19],
  };
}

const commandLine = (pid) => (read(`/proc/${pid}/cmdline`) ?? '').replace(/\0/g, ' ').trim();

/** Busy clock ticks of the whole machine, all cores; steal (another VM's time) is not busy. */
function machineBusyTicks() {
  const fields = read('/proc/stat')?.split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number);
  if (!fields || fields.length < 8) return undefined;
  const [user, nice, system, , , irq, softirq] = fields;
  return user + nice + system + irq + softirq;
}

/**
 * What a postgres process works for: `{ database }` for a backend (its title is
 * "postgres: [cluster: ]user database host(port) activity"), `{ server: true }` otherwise
 * (postmaster, checkpointer, walwriter, autovacuum, …).
 */
function postgresRole(pid) {
  const title = commandLine(pid);
  if (!title.startsWith('postgres: ')) return { server: true };
  let words = title.slice('postgres: '.length).split(/\s+/);
  if (words[0]?.endsWith(':')) words = words.slice(1); // cluster name, e.g. "15/main:"
  const isBackend = /\(\d+\)$|^\[local\]$/.test(words[2] ?? '');
  return isBackend ? { database: words[1] } : { server: true };
}

/** Which service a node process runs, by its entry point (dist/apps/<service>/src/main.js). */
function serviceOf(pid) {
  const line = commandLine(pid);
  return SERVICE_NAMES.find((service) => line.includes(`/apps/${service}/`));
}

/**
 * Every live process with its CPU ticks and group: the benchmark; nats-server; postgres (backends
 * of `databaseName`, or of every database without one; server processes; backends of other
 * databases, which count as other); the descendants of `systemRootPid` (tools/start.mjs), one group
 * per service by entry point, the launcher and its helpers in one more; everything else.
 */
/** @param {{ systemRootPid?: number, databaseName?: string }} [target] */
export function takeCpuSnapshot({ systemRootPid, databaseName } = {}) {
  if (process.platform !== 'linux') return undefined;
  const stats = liveProcessStats();
  const systemPids = treeOf(systemRootPid, stats);
  const processes = new Map();
  for (const stat of stats.values()) {
    let group;
    if (stat.pid === process.pid) group = 'benchmark';
    else if (stat.comm === 'nats-server') group = 'nats';
    else if (stat.comm === 'postgres') {
      const role = postgresRole(stat.pid);
      if (role.server) group = 'postgres:server';
      else if (databaseName === undefined || role.database === databaseName)
        group = 'postgres:backends';
      else group = 'other:postgres';
    } else if (systemPids.has(stat.pid)) group = `service:${serviceOf(stat.pid) ?? 'launcher'}`;
    else group = 'other:rest';
    processes.set(`${stat.pid}@${stat.startTime}`, { group, ticks: stat.ticks });
  }
  return { processes, machineBusy: machineBusyTicks() };
}

/** Every live process's stat, by pid. */
function liveProcessStats() {
  const stats = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = processStat(Number(entry));
    if (stat) stats.set(stat.pid, stat);
  }
  return stats;
}

/** `rootPid` and all its descendants among `stats` (none when it is gone). */
function treeOf(rootPid, stats) {
  const children = new Map();
  for (const stat of stats.values()) {
    if (!children.has(stat.ppid)) children.set(stat.ppid, []);
    children.get(stat.ppid).push(stat.pid);
  }
  const pids = new Set();
  const pending = rootPid && stats.has(rootPid) ? [rootPid] : [];
  while (pending.length > 0) {
    const pid = pending.pop();
    pids.add(pid);
    pending.push(...(children.get(pid) ?? []));
  }
  return pids;
}

/**
 * The pid of each service process under `systemRootPid` (tools/start.mjs), by service name, in
 * SERVICE_NAMES order.
 */
export function servicePidsUnder(systemRootPid) {
  const pidOf = new Map();
  for (const pid of treeOf(systemRootPid, liveProcessStats())) {
    const service = serviceOf(pid);
    if (service) pidOf.set(service, pid);
  }
  return new Map(SERVICE_NAMES.filter((name) => pidOf.has(name)).map((n) => [n, pidOf.get(n)]));
}

/**
 * CPU milliseconds of each group between two snapshots. A process that started in between counts
 * whole; one that ended in between is lost (counted in `endedProcesses`), and its time lands in
 * `other`, which is the machine's busy time minus every group.
 */
export function cpuBetween(before, after) {
  if (!before || !after) return undefined;
  const ms = (ticks) => (ticks * 1000) / CLOCK_TICKS;
  const byGroup = {};
  for (const [key, process] of after.processes) {
    const delta = process.ticks - (before.processes.get(key)?.ticks ?? 0);
    byGroup[process.group] = (byGroup[process.group] ?? 0) + Math.max(0, delta);
  }
  const endedProcesses = [...before.processes.keys()].filter((k) => !after.processes.has(k)).length;
  const group = (name) => ms(byGroup[name] ?? 0);
  const services = Object.fromEntries(
    [...SERVICE_NAMES, 'launcher'].map((service) => [service, group(`service:${service}`)]),
  );
  const servicesTotal = Object.values(services).reduce((a, b) => a + b, 0);
  const postgres = { backends: group('postgres:backends'), server: group('postgres:server') };
  const postgresTotal = postgres.backends + postgres.server;
  const nats = group('nats');
  const benchmark = group('benchmark');
  const machine =
    before.machineBusy !== undefined && after.machineBusy !== undefined
      ? ms(after.machineBusy - before.machineBusy)
      : undefined;
  const measured = servicesTotal + postgresTotal + nats + benchmark;
  return {
    machine,
    services: { total: servicesTotal, ...services },
    postgres: { total: postgresTotal, ...postgres },
    nats,
    benchmark,
    other:
      machine === undefined
        ? undefined
        : {
            total: Math.max(0, machine - measured),
            otherPostgresBackends: group('other:postgres'),
          },
    endedProcesses,
    cores: os.availableParallelism(),
  };
}

const round = (value, digits) =>
  value === undefined || value === null ? null : Number(value.toFixed(digits));

/** Every figure of `cpuBetween` divided by `divisor`, rounded: per send or per second. */
function scaled(cpu, divisor, digits) {
  const scale = (value) => round(value / divisor, digits);
  return {
    all: scale(cpu.machine),
    services: Object.fromEntries(Object.entries(cpu.services).map(([k, v]) => [k, scale(v)])),
    postgres: Object.fromEntries(Object.entries(cpu.postgres).map(([k, v]) => [k, scale(v)])),
    nats: scale(cpu.nats),
    benchmark: scale(cpu.benchmark),
    other: cpu.other
      ? {
          total: scale(cpu.other.total),
          otherPostgresBackends: scale(cpu.other.otherPostgresBackends),
        }
      : null,
  };
}

/**
 * The JSON figures: CPU ms per accepted send and CPU % of one core over the window, with how the
 * processes were found (`scope`; `servicesFound` is false when only machine-wide figures exist).
 */
export function cpuFigures(cpu, { acceptedSends, windowSeconds, target }) {
  if (!cpu) return { scope: 'unavailable (no /proc)', perAcceptedSendMs: null, percent: null };
  return {
    scope: target.scope,
    servicesFound: target.systemRootPid !== undefined,
    clockTicksPerSecond: CLOCK_TICKS,
    cores: cpu.cores,
    windowSeconds: round(windowSeconds, 2),
    endedProcesses: cpu.endedProcesses,
    perAcceptedSendMs: acceptedSends > 0 ? scaled(cpu, acceptedSends, 2) : null,
    percent: scaled(cpu, windowSeconds * 10, 0), // ms per s / 10 = % of one core
  };
}

/** `6.9 ms in all: services 4.3 ms (gateway 1.2, …), PostgreSQL 1.1 ms, …`. */
export function perSendLine(figures) {
  const p = figures.perAcceptedSendMs;
  if (!p) return figures.percent ? 'no accepted sends' : `unavailable: ${figures.scope}`;
  const f = (value) => (value === null ? '?' : value.toFixed(2));
  const parts = [];
  if (figures.servicesFound) {
    const each = Object.entries(p.services)
      .filter(([name]) => name !== 'total' && (name !== 'launcher' || p.services[name] > 0))
      .map(([name, value]) => `${name} ${f(value)}`)
      .join(', ');
    parts.push(`services ${f(p.services.total)} ms (${each})`);
  }
  parts.push(
    `PostgreSQL ${f(p.postgres.total)} ms (backends ${f(p.postgres.backends)}, server ${f(p.postgres.server)})`,
  );
  parts.push(`NATS ${f(p.nats)} ms`, `benchmark ${f(p.benchmark)} ms`);
  if (p.other) {
    const elsewhere = p.other.otherPostgresBackends;
    parts.push(
      `other ${f(p.other.total)} ms${elsewhere >= 0.01 ? ` (${f(elsewhere)} of it PostgreSQL backends of other databases)` : ''}`,
    );
  }
  return `${f(p.all)} ms in all: ${parts.join(', ')}`;
}

/** What to measure for the system a benchmark started: the tree of its tools/start.mjs. */
export function ownSystemCpuTarget(startPid, databaseUrl) {
  const databaseName = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  return {
    scope: `the started system (tools/start.mjs pid ${startPid} and its children); PostgreSQL backends of database ${databaseName}; NATS is shared`,
    systemRootPid: startPid,
    databaseName,
  };
}

/** The pid listening on a local TCP port (from /proc/net/tcp{,6} and the fds), if any. */
export function pidListeningOn(port) {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of (read(table) ?? '').split('\n').slice(1)) {
      const columns = line.trim().split(/\s+/);
      if (columns[1]?.endsWith(`:${hexPort}`) && columns[3] === '0A') inodes.add(columns[9]);
    }
  }
  if (inodes.size === 0) return undefined;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let fds;
    try {
      fds = readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const target = readlinkSync(`/proc/${entry}/fd/${fd}`);
        if (inodes.has(/^socket:\[(\d+)\]$/.exec(target)?.[1])) return Number(entry);
      } catch {
        // closed meanwhile
      }
    }
  }
  return undefined;
}

/**
 * For a system the benchmark did not start: the gateway listening on `url`'s port, and, when its
 * parent is tools/start.mjs, that launcher (so every service counts); the database name from the
 * gateway's DATABASE_URL. `scope` says what was found.
 */
export function locateRunningSystem(url) {
  const { hostname, port, protocol } = new URL(url);
  const local = ['127.0.0.1', 'localhost', '[::1]', '0.0.0.0'].includes(hostname);
  const portNumber = Number(port || (protocol === 'https:' ? 443 : 80));
  const gatewayPid = local && process.platform === 'linux' ? pidListeningOn(portNumber) : undefined;
  if (!gatewayPid) {
    return {
      scope: 'machine-wide only: no local process found listening on the gateway port',
      systemRootPid: undefined,
      databaseName: undefined,
    };
  }
  const parent = processStat(gatewayPid)?.ppid;
  const launcher = parent && commandLine(parent).includes('tools/start.mjs') ? parent : undefined;
  const environment = (read(`/proc/${gatewayPid}/environ`) ?? '').split('\0');
  const databaseUrl = environment.find((v) => v.startsWith('DATABASE_URL='))?.slice(13);
  let databaseName;
  try {
    databaseName = databaseUrl
      ? decodeURIComponent(new URL(databaseUrl).pathname.slice(1))
      : undefined;
  } catch {
    databaseName = undefined;
  }
  const services = launcher
    ? `the services of tools/start.mjs (pid ${launcher}), found by the gateway listening on port ${portNumber}`
    : `only the gateway (pid ${gatewayPid}, listening on port ${portNumber}; no tools/start.mjs parent, other services count as other)`;
  const database = databaseName
    ? `PostgreSQL backends of database ${databaseName}`
    : 'every PostgreSQL backend (database unknown)';
  return {
    scope: `${services}; ${database}; NATS is shared`,
    systemRootPid: launcher ?? gatewayPid,
    databaseName,
  };
}
