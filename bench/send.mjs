#!/usr/bin/env node
// Benchmark of the in-app send path: POST /send under a fixed concurrency (autocannon), and the
// time until an accepted send is readable in the recipient's inbox (GET /user/inapp).
//
//   node bench/send.mjs                      starts its own system (isolated namespace, ports, database)
//   node bench/send.mjs --connections 128    same, more concurrency
//   node bench/send.mjs --url http://127.0.0.1:3000 --api-key clarion_sk_...   uses a running system
//   node bench/send.mjs --help
//
// Plain Node ESM; see bench/README.md for what each figure means.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { OtlpSink } from './otlp-sink.mjs';
import { OWN_NATS } from './own-nats.mjs';
import { runLoad } from './send-load.mjs';
import {
  exitStatusOf,
  fetchWithTimeout,
  OWN_SYSTEM_OPTIONS,
  OwnSystem,
  progress,
  sleep,
  StartError,
} from './own-system.mjs';
import {
  cpuBetween,
  cpuFigures,
  locateRunningSystem,
  ownSystemCpuTarget,
  perSendLine,
  takeCpuSnapshot,
} from './process-cpu.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const USAGE = `usage: node bench/send.mjs [options]

  --connections N        concurrent connections for POST /send (default 64)
  --duration S           measured load, seconds (default 20)
  --rate N               offer at most N sends/s in all (default: as fast as the system answers);
                         with a rate the system can sustain, CPU per send is compared at equal
                         load (batch sizes, hence per-send costs, depend on the load)
  --warmup S             unmeasured load before it, seconds (default 2; 0 skips)
  --users N              size of the recipient pool; requests cycle through it (default 1000)
  --sample-every N       follow every Nth accepted send until readable (default 50)
  --poll-interval MS     pause between inbox polls of one sample (default 20)
  --max-polls-in-flight N  inbox polls of all samples at once, at most (default 8)
  --visible-timeout S    a sample not readable after this counts as missing (default 30)
  --json                 one JSON line on stdout (the table then goes to stderr)
  --samples-out FILE     write each sample (accepted at, readable after, in ms) as CSV

  Own system (default): starts \`node tools/start.mjs\` and stops it at the end.
  --database-url URL     database of the started system (default postgres://postgres@127.0.0.1:5432/clarion_bench)
  --nats-url URL         NATS of the started system, or own (default): a nats-server of
                         its own, synced to disk before every ack as npm start's is
  --start-timeout S      how long build + start may take (default 240)
  --keep-streams         leave the run's JetStream streams in NATS (deleted by default)
  --fresh-db             drop the database first (only if its name contains "bench"), so that
                         rows of earlier runs do not weigh on this one
  --tracing              the services export every span and metric over OTLP to a loopback
                         sink (bench/otlp-sink.mjs), to measure what tracing costs
  --trace-ratio R        with --tracing: record only this share of traces (parent-based
                         OTEL_TRACES_SAMPLER=parentbased_traceidratio), as deploy/ does (0.1)

  Running system:
  --url URL              base URL of a running gateway, e.g. http://127.0.0.1:3000
  --api-key KEY          secret API key of an account on it (required with --url)
  --client-id ID         environment client id for inbox reads (default: first of GET /environments)

Exit status: 0 ok; 1 more than 1% of requests failed or more than 1% of accepted sends never
became readable; 2 bad arguments; 3 the system could not be started or reached.`;

// ---------------------------------------------------------------------------------------------
// Options

function parseOptions(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      connections: { type: 'string', default: '64' },
      duration: { type: 'string', default: '20' },
      rate: { type: 'string' },
      warmup: { type: 'string', default: '2' },
      users: { type: 'string', default: '1000' },
      'sample-every': { type: 'string', default: '50' },
      'poll-interval': { type: 'string', default: '20' },
      'max-polls-in-flight': { type: 'string', default: '8' },
      'visible-timeout': { type: 'string', default: '30' },
      json: { type: 'boolean', default: false },
      ...OWN_SYSTEM_OPTIONS,
      tracing: { type: 'boolean', default: false },
      'trace-ratio': { type: 'string' },
      url: { type: 'string' },
      'api-key': { type: 'string' },
      'client-id': { type: 'string' },
      'samples-out': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const int = (name, min, max) => {
    const value = Number(values[name]);
    if (!Number.isInteger(value) || value < min || value > max) {
      throw new UsageError(
        `--${name} must be an integer from ${min} to ${max}, not "${values[name]}"`,
      );
    }
    return value;
  };
  const options = {
    connections: int('connections', 1, 10_000),
    durationS: int('duration', 1, 3600),
    rate: values.rate === undefined ? undefined : int('rate', 1, 1_000_000),
    warmupS: int('warmup', 0, 600),
    users: int('users', 1, 10_000_000),
    sampleEvery: int('sample-every', 1, 1_000_000),
    pollIntervalMs: int('poll-interval', 1, 10_000),
    maxPollsInFlight: int('max-polls-in-flight', 1, 1000),
    visibleTimeoutMs: int('visible-timeout', 1, 600) * 1000,
    startTimeoutMs: int('start-timeout', 10, 3600) * 1000,
    json: values.json,
    databaseUrl: values['database-url'],
    natsUrl: values['nats-url'],
    keepStreams: values['keep-streams'],
    freshDb: values['fresh-db'],
    tracing: values.tracing,
    traceRatio: values['trace-ratio'] === undefined ? undefined : Number(values['trace-ratio']),
    url: values.url,
    apiKey: values['api-key'],
    clientId: values['client-id'],
    samplesOut: values['samples-out'],
  };
  if (options.url && !options.apiKey) throw new UsageError('--url needs --api-key');
  if (options.apiKey && !options.url) throw new UsageError('--api-key is only used with --url');
  if (options.url) {
    const url = new URL(options.url);
    if (!/^https?:$/.test(url.protocol)) throw new UsageError('--url must be http:// or https://');
    options.url = url.origin;
  }
  if (!/^postgres(ql)?:\/\//.test(options.databaseUrl))
    throw new UsageError('--database-url must be a postgres:// URL');
  if (options.freshDb && options.url)
    throw new UsageError('--fresh-db only applies to the system the benchmark starts');
  if (options.tracing && options.url)
    throw new UsageError('--tracing only applies to the system the benchmark starts');
  if (options.traceRatio !== undefined) {
    if (!options.tracing) throw new UsageError('--trace-ratio needs --tracing');
    if (!(options.traceRatio >= 0 && options.traceRatio <= 1))
      throw new UsageError('--trace-ratio must be a number from 0 to 1');
  }
  if (options.freshDb && !/bench/.test(decodeURIComponent(new URL(options.databaseUrl).pathname))) {
    throw new UsageError('--fresh-db drops the database, so its name must contain "bench"');
  }
  if (options.natsUrl !== OWN_NATS && !/^nats:\/\//.test(options.natsUrl))
    throw new UsageError('--nats-url must be own or nats:// URLs');
  return options;
}

class UsageError extends Error {}

// ---------------------------------------------------------------------------------------------
// Small helpers

/** Nearest-rank percentile of an ascending array. */
function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

const round = (value, digits = 1) =>
  value === null || value === undefined ? null : Number(value.toFixed(digits));

function gitDescription() {
  const head = spawnSync('git', ['rev-parse', '--short', 'HEAD'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 5000,
  });
  const status = spawnSync('git', ['status', '--porcelain', '--', 'apps', 'libs', 'tools'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 5000,
  });
  if (head.status !== 0) return { commit: null, uncommittedFiles: null };
  return {
    commit: head.stdout.trim(),
    uncommittedFiles: status.status === 0 ? status.stdout.split('\n').filter(Boolean).length : null,
  };
}

// ---------------------------------------------------------------------------------------------
// API

class Api {
  constructor(baseUrl, apiKey) {
    this.baseUrl = baseUrl;
    this.apiKey = apiKey;
    this.polls = 0;
    this.pollFailures = 0;
    this.pollFailureSamples = [];
  }

  async environments() {
    const response = await fetchWithTimeout(`${this.baseUrl}/environments`, {
      headers: { authorization: `Bearer ${this.apiKey}` },
    });
    const text = await response.text();
    if (response.status !== 200)
      throw new StartError(`GET /environments answered ${response.status}: ${text.slice(0, 500)}`);
    return JSON.parse(text);
  }

  /** GET /user/inapp as the end user; undefined when the call failed. */
  /**
   * @param {string | undefined} clientId
   * @param {string} userId
   * @param {{ count: number, before?: number | string }} page
   * @param {number} timeoutMs
   */
  async inbox(clientId, userId, { count, before }, timeoutMs) {
    const query = new URLSearchParams({ count: String(count) });
    if (before !== undefined) query.set('before', String(before));
    const auth = Buffer.from(`${clientId}:${userId}:`).toString('base64');
    this.polls++;
    try {
      const response = await fetchWithTimeout(
        `${this.baseUrl}/user/inapp?${query}`,
        { headers: { authorization: `Basic ${auth}` } },
        Math.min(timeoutMs, 10_000),
      );
      const text = await response.text();
      if (response.status !== 200) {
        this.noteFailure(`${response.status} ${text.slice(0, 300)}`);
        return undefined;
      }
      return JSON.parse(text).notifications;
    } catch (error) {
      this.noteFailure(error.message);
      return undefined;
    }
  }

  noteFailure(description) {
    this.pollFailures++;
    if (this.pollFailureSamples.length < 5) this.pollFailureSamples.push(description);
  }
}

// ---------------------------------------------------------------------------------------------
// Main

let ownSystem;
let otlpSink;
let acceptedTotal = 0;
let currentLoad;
let aborted = false;

async function main() {
  const options = parseOptions(process.argv.slice(2));
  // The commit only describes the system when the benchmark builds and starts it from here.
  const git = options.url ? { commit: null, uncommittedFiles: null } : gitDescription();

  let baseUrl = options.url;
  let apiKey = options.apiKey;
  if (options.tracing && !baseUrl) {
    otlpSink = new OtlpSink();
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = await otlpSink.start();
    if (options.traceRatio !== undefined) {
      process.env.OTEL_TRACES_SAMPLER = 'parentbased_traceidratio';
      process.env.OTEL_TRACES_SAMPLER_ARG = String(options.traceRatio);
    }
  }
  if (!baseUrl) {
    ownSystem = new OwnSystem(options);
    try {
      await ownSystem.start();
    } catch (error) {
      throw error instanceof StartError ? error : new StartError(error.message);
    }
    baseUrl = ownSystem.url;
    apiKey = ownSystem.apiKey;
  }
  const cpuTarget = ownSystem
    ? ownSystemCpuTarget(ownSystem.launcherPid, options.databaseUrl)
    : locateRunningSystem(baseUrl);
  const api = new Api(baseUrl, apiKey);
  let clientId = options.clientId;
  if (!clientId) {
    const environments = await api.environments().catch((error) => {
      throw error instanceof StartError
        ? error
        : new StartError(`GET ${baseUrl}/environments failed: ${error.message}`);
    });
    if (!Array.isArray(environments) || environments.length === 0)
      throw new StartError('GET /environments returned no environment');
    clientId = environments[0].clientId;
  }

  // Smoke test: one send must become readable, or nothing below would mean anything.
  progress('checking one send end to end');
  {
    const response = await fetchWithTimeout(
      `${baseUrl}/send`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
        body: JSON.stringify({
          type: 'bench',
          to: { id: 'bench-smoke' },
          forceChannels: ['INAPP_WEB'],
          inapp: { title: 'smoke' },
        }),
      },
      10_000,
    );
    const text = await response.text();
    if (response.status !== 200)
      throw new StartError(`POST /send answered ${response.status}: ${text.slice(0, 500)}`);
    const { trackingId } = JSON.parse(text);
    const deadline = performance.now() + options.visibleTimeoutMs;
    let seen = false;
    while (!seen && !aborted && performance.now() < deadline) {
      const list = await api.inbox(
        clientId,
        'bench-smoke',
        { count: 10 },
        deadline - performance.now(),
      );
      seen = list?.some((n) => n.id === trackingId) ?? false;
      if (!seen) await sleep(100);
    }
    if (!seen) {
      throw new StartError(
        `a single send (${trackingId}) was not readable within ${options.visibleTimeoutMs / 1000} s${api.pollFailureSamples.length ? `; inbox reads failed: ${api.pollFailureSamples.join(' | ')}` : ''}`,
      );
    }
  }

  if (ownSystem && !aborted) {
    progress('waiting for PostgreSQL and the machine to settle');
    await ownSystem.settle();
  }

  const register = (instance) => (currentLoad = instance);
  if (options.warmupS > 0 && !aborted) {
    progress(`warm-up: ${options.warmupS} s at ${options.connections} connections`);
    await runLoad({
      baseUrl,
      apiKey,
      connections: options.connections,
      durationS: options.warmupS,
      rate: options.rate,
      users: options.users,
      onAccepted: () => {},
      onRejected: () => {},
      register,
    });
    await sleep(1000);
  }
  if (aborted) return 130;

  // Measured run.
  api.polls = 0;
  api.pollFailures = 0;
  api.pollFailureSamples = [];
  const accepted = new Map(); // userId -> Set of trackingIds accepted for that user
  let acceptedCount = 0;
  let acceptedWithoutId = 0;
  const rejectedByStatus = {};
  const rejectedBodies = [];
  const samples = [];
  const watches = [];
  const runStartedEpoch = Date.now();

  // Inbox reads cost about as much as a send, so the probes share a few slots: without a cap a
  // slow pipeline means more samples waiting, more polls, and a slower pipeline.
  let loadRunning = false;
  const pollDurations = []; // GET /user/inapp answered while the load ran, ms
  let freeSlots = options.maxPollsInFlight;
  const slotQueue = [];
  const acquireSlot = () =>
    freeSlots > 0 ? (freeSlots--, Promise.resolve()) : new Promise((r) => slotQueue.push(r));
  const releaseSlot = () => {
    const next = slotQueue.shift();
    if (next) next();
    else freeSlots++;
  };

  const watch = async (sample) => {
    const deadline = sample.acceptedAt + options.visibleTimeoutMs;
    let lastMissSentAt = sample.acceptedAt;
    while (!aborted && performance.now() < deadline) {
      await acquireSlot();
      const sentAt = performance.now();
      let list;
      try {
        if (sentAt >= deadline) break;
        // `before` just after the 200 keeps the sample near the top however many later sends the
        // user receives; createdAt of an inbox entry is when the gateway received the send.
        list = await api.inbox(
          clientId,
          sample.userId,
          { count: 10, before: sample.acceptedEpoch + 1 },
          deadline - sentAt,
        );
      } finally {
        releaseSlot();
      }
      const now = performance.now();
      if (loadRunning && list) pollDurations.push(now - sentAt);
      if (list?.some((n) => n.id === sample.trackingId)) {
        sample.visibleAfterMs = now - sample.acceptedAt;
        // It became readable after the last poll that missed it was sent and before now.
        sample.resolutionMs = now - lastMissSentAt;
        return;
      }
      lastMissSentAt = sentAt;
      await sleep(options.pollIntervalMs);
    }
  };

  progress(
    `load: POST /send for ${options.durationS} s at ${options.connections} connections${options.rate ? ` (at most ${options.rate}/s)` : ''}, ${options.users} users, following every ${options.sampleEvery}th accepted send`,
  );
  loadRunning = true;
  const loadStartedAt = performance.now();
  const cpuBefore = takeCpuSnapshot(cpuTarget);
  const result = await runLoad({
    baseUrl,
    apiKey,
    connections: options.connections,
    durationS: options.durationS,
    rate: options.rate,
    users: options.users,
    register,
    onAccepted(trackingId, userId) {
      acceptedCount++;
      if (typeof trackingId !== 'string') {
        acceptedWithoutId++;
        return;
      }
      let ids = accepted.get(userId);
      if (!ids) accepted.set(userId, (ids = new Set()));
      ids.add(trackingId);
      if (acceptedCount % options.sampleEvery === 0) {
        const sample = {
          trackingId,
          userId,
          acceptedAt: performance.now(),
          acceptedEpoch: Date.now(),
          visibleAfterMs: undefined,
        };
        samples.push(sample);
        watches.push(watch(sample));
      }
    },
    onRejected(status, body) {
      rejectedByStatus[status] = (rejectedByStatus[status] ?? 0) + 1;
      if (rejectedBodies.length < 5) rejectedBodies.push(`${status} ${String(body).slice(0, 300)}`);
    },
  });
  const loadEndedAt = performance.now();
  loadRunning = false;
  const cpuAfter = takeCpuSnapshot(cpuTarget);
  const loadSeconds = (loadEndedAt - loadStartedAt) / 1000;
  const pollsDuringLoad = api.polls;
  if (aborted) return 130;

  progress(
    `load done: ${acceptedCount} accepted; waiting for ${samples.filter((s) => s.visibleAfterMs === undefined).length} samples still unread`,
  );
  await Promise.all(watches);

  // Every accepted send: is it readable? Rounds over the users that still miss some, until all are
  // found or visible-timeout after the last sample settled.
  progress('checking that every accepted send is readable');
  const missing = new Map([...accepted].map(([user, ids]) => [user, new Set(ids)]));
  const checkDeadline = performance.now() + options.visibleTimeoutMs;
  let allReadableAfterLoadMs;
  while (!aborted) {
    const users = [...missing.keys()];
    let next = 0;
    const worker = async () => {
      while (next < users.length && !aborted && performance.now() < checkDeadline) {
        const user = users[next++];
        await readAll(
          api,
          clientId,
          user,
          missing.get(user),
          runStartedEpoch - 60_000,
          checkDeadline,
        );
        if (missing.get(user)?.size === 0) missing.delete(user);
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    if (missing.size === 0) {
      allReadableAfterLoadMs = performance.now() - loadEndedAt;
      break;
    }
    if (performance.now() >= checkDeadline) break;
    await sleep(250);
  }
  const unreadable = [...missing.values()].reduce((sum, ids) => sum + ids.size, 0);
  if (options.samplesOut) {
    const lines = samples.map(
      (s) =>
        `${(s.acceptedAt - loadStartedAt).toFixed(1)},${s.visibleAfterMs === undefined ? '' : s.visibleAfterMs.toFixed(1)},${s.userId},${s.trackingId}`,
    );
    writeFileSync(
      options.samplesOut,
      `acceptedAtMs,readableAfterMs,userId,trackingId\n${lines.join('\n')}\n`,
    );
  }

  // Figures.
  // Median per quarter of the load (by when the send was accepted): a rising series means the
  // pipeline falls behind the accept rate, a flat one that it keeps up.
  const quarterMs = (loadEndedAt - loadStartedAt) / 4;
  const byQuarter = [0, 1, 2, 3].map((q) => {
    const values = samples
      .filter(
        (s) =>
          s.visibleAfterMs !== undefined &&
          Math.min(3, Math.floor((s.acceptedAt - loadStartedAt) / quarterMs)) === q,
      )
      .map((s) => s.visibleAfterMs)
      .sort((a, b) => a - b);
    return round(percentile(values, 50), 0);
  });
  const resolutions = samples
    .filter((s) => s.resolutionMs !== undefined)
    .map((s) => s.resolutionMs)
    .sort((a, b) => a - b);
  const latencies = samples
    .filter((s) => s.visibleAfterMs !== undefined)
    .map((s) => s.visibleAfterMs)
    .sort((a, b) => a - b);
  const non2xx = result.non2xx;
  const other2xx = result['2xx'] - acceptedCount;
  const failed = non2xx + result.errors + Math.max(0, other2xx);
  const attempted =
    result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'] + result.errors;
  const failedPercent = attempted === 0 ? 100 : (failed / attempted) * 100;
  const durationS = result.duration;
  const figures = {
    date: new Date().toISOString(),
    target: ownSystem ? 'own' : baseUrl,
    ...git,
    connections: options.connections,
    rate: options.rate ?? null,
    durationS: round(durationS, 2),
    users: options.users,
    requests: attempted,
    accepted: (acceptedTotal = acceptedCount),
    acceptedPerSecond: round(acceptedCount / durationS, 1),
    non2xx,
    non2xxByStatus: rejectedByStatus,
    errors: result.errors,
    timeouts: result.timeouts,
    failedPercent: round(failedPercent, 2),
    sendLatencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    readable: {
      samples: samples.length,
      missing: samples.length - latencies.length,
      p50Ms: round(percentile(latencies, 50)),
      p99Ms: round(percentile(latencies, 99)),
      maxMs: round(latencies.at(-1) ?? null),
      resolutionP50Ms: round(percentile(resolutions, 50)),
      p50ByQuarterMs: byQuarter,
    },
    allAccepted: {
      readable: acceptedCount - acceptedWithoutId - unreadable,
      unreadable,
      withoutTrackingId: acceptedWithoutId,
      allReadableSecondsAfterLoad:
        allReadableAfterLoadMs === undefined ? null : round(allReadableAfterLoadMs / 1000, 1),
    },
    inboxPolls: {
      duringLoadPerSecond: round(pollsDuringLoad / durationS, 1),
      latencyDuringLoadMs: {
        p50: round(
          percentile(
            pollDurations.sort((a, b) => a - b),
            50,
          ),
        ),
        p99: round(percentile(pollDurations, 99)),
      },
      duringLoadPerAcceptedSend:
        acceptedCount === 0 ? null : round(pollsDuringLoad / acceptedCount, 3),
      maxInFlight: options.maxPollsInFlight,
      total: api.polls,
      failed: api.pollFailures,
    },
    cpu: cpuFigures(cpuBetween(cpuBefore, cpuAfter), {
      acceptedSends: acceptedCount,
      windowSeconds: loadSeconds,
      target: cpuTarget,
    }),
    loadAverage: os.loadavg().map((v) => round(v, 2)),
    systemLog: ownSystem ? relative(root, ownSystem.logPath) : null,
    nats: ownSystem ? ownSystem.natsDurability() : null,
  };

  // The figures of the CPU row under their earlier names, for scripts that read them.
  const percent = figures.cpu.percent;
  /** @type {Record<string, unknown>} */ (figures).cpuDuringLoadPercent = percent && {
    cores: figures.cpu.cores,
    machine: percent.all,
    services: figures.cpu.servicesFound ? percent.services.total : null,
    postgresAndNats: (percent.postgres.total ?? 0) + (percent.nats ?? 0),
    benchmark: percent.benchmark,
    other: percent.other?.total ?? null,
  };
  const table = formatTable(figures);
  if (options.json) {
    process.stderr.write(table);
    process.stdout.write(`${JSON.stringify(figures)}\n`);
  } else {
    process.stdout.write(table);
  }
  if (rejectedBodies.length > 0)
    progress(`first rejected answers:\n  ${rejectedBodies.join('\n  ')}`);
  if (api.pollFailureSamples.length > 0)
    progress(`first failed inbox reads:\n  ${api.pollFailureSamples.join('\n  ')}`);

  const tooManyFailed = failedPercent > 1;
  const tooManyUnreadable =
    acceptedCount > 0 && (unreadable + acceptedWithoutId) / acceptedCount > 0.01;
  if (tooManyFailed) progress(`FAIL: ${figures.failedPercent}% of requests failed (limit 1%)`);
  if (tooManyUnreadable)
    progress(
      `FAIL: ${unreadable + acceptedWithoutId} of ${acceptedCount} accepted sends were not readable (limit 1%)`,
    );
  return tooManyFailed || tooManyUnreadable ? 1 : 0;
}

/** Pages through a user's inbox (newest first) until every id in `wanted` is found (and removed). */
async function readAll(api, clientId, userId, wanted, oldestEpoch, deadline) {
  let before;
  for (let page = 0; page < 1000 && wanted.size > 0 && performance.now() < deadline; page++) {
    const list = await api.inbox(
      clientId,
      userId,
      { count: 100, before },
      deadline - performance.now(),
    );
    if (!list) return;
    for (const notification of list) wanted.delete(notification.id);
    if (list.length < 100) return;
    const oldest = Date.parse(list.at(-1).date);
    if (!(oldest > oldestEpoch)) return;
    before = oldest; // strictly older; one user never gets two sends in the same millisecond here
  }
}

function cpuLine(c) {
  const p = c.percent;
  if (!p) return `unavailable: ${c.scope}`;
  const pc = (v) => (v === null || v === undefined ? '?' : `${v}%`);
  const services = c.servicesFound ? pc(p.services.total) : '?';
  return `machine ${pc(p.all)} of ${c.cores * 100}%: services ${services}, PostgreSQL+NATS ${pc(p.postgres.total + p.nats)}, benchmark ${pc(p.benchmark)}, other ${pc(p.other?.total)}`;
}

function formatTable(f) {
  const ms = (v) => (v === null || v === undefined ? '-' : `${v} ms`);
  const rows = [
    ['target', f.target === 'own' ? `own system (log ${f.systemLog})` : f.target],
    ...(f.nats ? [['nats', f.nats]] : []),
    [
      'code',
      f.commit
        ? `${f.commit}${f.uncommittedFiles ? ` + ${f.uncommittedFiles} uncommitted file(s)` : ''}`
        : '-',
    ],
    [
      'load',
      `${f.connections} connections${f.rate ? ` offering ${f.rate} sends/s` : ''}, ${f.durationS} s, ${f.users} users`,
    ],
    [
      'requests',
      `${f.requests} (200: ${f.accepted}, non-2xx: ${f.non2xx}, errors: ${f.errors}, timeouts: ${f.timeouts}) — ${f.failedPercent}% failed`,
    ],
    ['accepted sends/s', String(f.acceptedPerSecond)],
    [
      'POST /send latency',
      `p50 ${ms(f.sendLatencyMs.p50)}, p99 ${ms(f.sendLatencyMs.p99)}, max ${ms(f.sendLatencyMs.max)}`,
    ],
    [
      'accepted → readable',
      `p50 ${ms(f.readable.p50Ms)}, p99 ${ms(f.readable.p99Ms)}, max ${ms(f.readable.maxMs)} (${f.readable.samples} samples, ${f.readable.missing} missing, resolution p50 ${ms(f.readable.resolutionP50Ms)})`,
    ],
    [
      'readable p50 by quarter',
      `${f.readable.p50ByQuarterMs.map((v) => (v === null ? '-' : v)).join(' / ')} ms (rising = backlog grows)`,
    ],
    [
      'all accepted readable',
      `${f.allAccepted.readable} of ${f.accepted}${f.allAccepted.allReadableSecondsAfterLoad !== null ? `, all by ${f.allAccepted.allReadableSecondsAfterLoad} s after the load` : `, ${f.allAccepted.unreadable} never found`}`,
    ],
    [
      'inbox polls',
      `${f.inboxPolls.duringLoadPerSecond}/s during the load (${f.inboxPolls.duringLoadPerAcceptedSend} per accepted send, at most ${f.inboxPolls.maxInFlight} at once), ${f.inboxPolls.total} in all, ${f.inboxPolls.failed} failed`,
    ],
    [
      'GET /user/inapp latency',
      `p50 ${ms(f.inboxPolls.latencyDuringLoadMs.p50)}, p99 ${ms(f.inboxPolls.latencyDuringLoadMs.p99)} (the probes' reads during the load)`,
    ],
    ['CPU during the load', cpuLine(f.cpu)],
    ['CPU per accepted send', perSendLine(f.cpu)],
    ['CPU measured for', f.cpu.scope],
  ];
  if (Object.keys(f.non2xxByStatus).length > 0) {
    rows.splice(4, 0, [
      'non-2xx by status',
      Object.entries(f.non2xxByStatus)
        .map(([s, n]) => `${s}: ${n}`)
        .join(', '),
    ]);
  }
  const width = Math.max(...rows.map(([k]) => k.length));
  return `${rows.map(([k, v]) => `${k.padEnd(width)}  ${v}`).join('\n')}\n`;
}

// ---------------------------------------------------------------------------------------------

let exiting = false;
async function finish(code) {
  if (exiting) return;
  exiting = true;
  try {
    await ownSystem?.stop();
  } catch (error) {
    progress(`stopping the system failed: ${error.message}`);
  }
  if (otlpSink) {
    progress(`tracing: ${otlpSink.summary(acceptedTotal)}`);
    await otlpSink.stop();
  }
  process.exit(code);
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (aborted) return;
    aborted = true;
    progress(`${signal}: stopping`);
    try {
      currentLoad?.stop();
    } catch {
      // not running
    }
    void finish(130);
  });
}

main().then(
  (code) => finish(code),
  (error) =>
    void finish(
      exitStatusOf(error, {
        UsageError,
        usage: USAGE,
        logTail: () => ownSystem?.logTail(15) ?? '',
      }),
    ),
);
