#!/usr/bin/env node
// What tracing costs the send path, measured so that the machine's own drift cancels out: two
// systems run side by side, one exporting every span over OTLP to a loopback sink and one not,
// and the same POST /send load (bench/send-load.mjs) goes to each in turn, in short slices, A B B
// A, over several rounds. Throughput and CPU per send of each are summed over its slices.
//
//   node bench/tracing-cost.mjs                    6 rounds of 2 × 2 slices of 8 s
//   node bench/tracing-cost.mjs --trace-ratio 0.1  the traced system records one trace in ten
//   node bench/tracing-cost.mjs --help
//
// bench/send.mjs measures one system alone, with readability; on this machine two runs of it
// differ by up to a fifth, which hides a cost of that size. See bench/README.md.
import { parseArgs } from 'node:util';
import { OtlpSink } from './otlp-sink.mjs';
import { roundChanges, spreadOf } from './paired-rounds.mjs';
import { exitStatusOf, OwnSystem, progress, sleep, StartError } from './own-system.mjs';
import { cpuBetween, takeCpuSnapshot } from './process-cpu.mjs';
import { runLoad } from './send-load.mjs';

const USAGE = `usage: node bench/tracing-cost.mjs [options]

  --rounds N         rounds of slices: off, on, on, off (default 6)
  --slice S          seconds of load per slice (default 8)
  --warmup S         unmeasured load on each system first, seconds (default 5)
  --drain S          pause after each slice, seconds (default 2): the system finishes what the
                     slice left queued (logs, metering) with its CPU still counted, before the
                     other system's slice
  --connections N    concurrent connections for POST /send (default 64)
  --users N          size of the recipient pool (default 1000)
  --trace-ratio R    the traced system records only this share of traces (parent-based, as
                     deploy/ does with 0.1); every trace by default
  --database-url URL base of the two systems' databases (default postgres://postgres@127.0.0.1:5432/);
                     each gets its own: clarion_bench_tracing_off and clarion_bench_tracing_on,
                     dropped first
  --nats-url URL     NATS of both systems (default nats://127.0.0.1:4222)
  --json             one JSON line on stdout (the table then goes to stderr)

Exit status: 0 ok; 1 more than 1% of requests failed; 2 bad arguments; 3 a system could not start.`;

function parseOptions(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      rounds: { type: 'string', default: '6' },
      slice: { type: 'string', default: '8' },
      warmup: { type: 'string', default: '5' },
      drain: { type: 'string', default: '2' },
      connections: { type: 'string', default: '64' },
      users: { type: 'string', default: '1000' },
      'trace-ratio': { type: 'string' },
      'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/' },
      'nats-url': { type: 'string', default: 'nats://127.0.0.1:4222' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const int = (name, min, max) => {
    const value = Number(values[name]);
    if (!Number.isInteger(value) || value < min || value > max)
      throw new UsageError(`--${name} must be an integer from ${min} to ${max}`);
    return value;
  };
  const traceRatio =
    values['trace-ratio'] === undefined ? undefined : Number(values['trace-ratio']);
  if (traceRatio !== undefined && !(traceRatio >= 0 && traceRatio <= 1))
    throw new UsageError('--trace-ratio must be a number from 0 to 1');
  if (!/^postgres(ql)?:\/\//.test(values['database-url']))
    throw new UsageError('--database-url must be a postgres:// URL');
  return {
    rounds: int('rounds', 1, 100),
    sliceS: int('slice', 1, 600),
    warmupS: int('warmup', 0, 600),
    drainS: int('drain', 0, 60),
    connections: int('connections', 1, 10_000),
    users: int('users', 1, 10_000_000),
    traceRatio,
    databaseBase: values['database-url'],
    natsUrl: values['nats-url'],
    json: values.json,
  };
}

class UsageError extends Error {}

function databaseUrl(base, name) {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The environment that turns tracing on (to the sink) or leaves it off. */
function tracingEnv(endpoint, traceRatio) {
  if (!endpoint) return { OTEL_EXPORTER_OTLP_ENDPOINT: '' };
  return {
    OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
    ...(traceRatio !== undefined && {
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: String(traceRatio),
    }),
  };
}

/** A started system with what its slices added up to. */
class Contender {
  constructor(label, system) {
    this.label = label;
    this.system = system;
    this.accepted = 0;
    this.failed = 0;
    this.seconds = 0;
    this.servicesCpuMs = 0;
    this.cpuMsByService = {};
    this.sliceRates = [];
    this.sliceCpuMsPerSend = [];
  }

  get sendsPerSecond() {
    return this.accepted / this.seconds;
  }

  get servicesCpuMsPerSend() {
    return this.servicesCpuMs / this.accepted;
  }
}

let systems = [];

async function startSystem(label, options, env) {
  const name = `clarion_bench_tracing_${label}`;
  const system = new OwnSystem({
    databaseUrl: databaseUrl(options.databaseBase, name),
    natsUrl: options.natsUrl,
    startTimeoutMs: 240_000,
    freshDb: true,
    keepStreams: false,
    env,
  });
  systems.push(system);
  progress(`starting the system with tracing ${label}`);
  try {
    await system.start();
  } catch (error) {
    throw error instanceof StartError ? error : new StartError(error.message);
  }
  return new Contender(label, system);
}

/** One slice of load on `contender`; what it accepted, how long it took and its CPU are added. */
async function slice(contender, options, durationS, measured) {
  const { system } = contender;
  const databaseName = decodeURIComponent(new URL(system.options.databaseUrl).pathname.slice(1));
  const target = { systemRootPid: system.launcherPid, databaseName };
  let accepted = 0;
  let failed = 0;
  const before = takeCpuSnapshot(target);
  const startedAt = performance.now();
  const result = await runLoad({
    baseUrl: system.url,
    apiKey: system.apiKey,
    connections: options.connections,
    durationS,
    rate: undefined,
    users: options.users,
    onAccepted: () => accepted++,
    onRejected: () => failed++,
    register: () => undefined,
  });
  const seconds = (performance.now() - startedAt) / 1000;
  await sleep(options.drainS * 1000);
  const cpu = cpuBetween(before, takeCpuSnapshot(target));
  failed += result.errors + result.timeouts;
  if (!measured) return;
  contender.accepted += accepted;
  contender.failed += failed;
  contender.seconds += seconds;
  contender.servicesCpuMs += cpu?.services.total ?? 0;
  for (const [service, ms] of Object.entries(cpu?.services ?? {})) {
    if (service !== 'total')
      contender.cpuMsByService[service] = (contender.cpuMsByService[service] ?? 0) + ms;
  }
  contender.sliceRates.push(accepted / seconds);
  contender.sliceCpuMsPerSend.push((cpu?.services.total ?? 0) / accepted);
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const sink = new OtlpSink();
  const endpoint = await sink.start();
  try {
    const off = await startSystem('off', options, tracingEnv(undefined));
    const on = await startSystem('on', options, tracingEnv(endpoint, options.traceRatio));
    progress('waiting for PostgreSQL and the machine to settle');
    await on.system.settle();
    if (options.warmupS > 0) {
      progress(`warm-up: ${options.warmupS} s on each`);
      for (const contender of [off, on]) await slice(contender, options, options.warmupS, false);
    }
    for (let round = 1; round <= options.rounds; round++) {
      progress(`round ${round} of ${options.rounds}: off, on, on, off (${options.sliceS} s each)`);
      for (const contender of [off, on, on, off]) {
        await slice(contender, options, options.sliceS, true);
      }
    }
    report(options, off, on, sink);
    const requests = off.accepted + on.accepted + off.failed + on.failed;
    return (off.failed + on.failed) / requests > 0.01 ? 1 : 0;
  } finally {
    for (const system of systems) await system.stop();
    systems = [];
    await sink.stop();
  }
}

function report(options, off, on, sink) {
  const change = (after, before) => `${(100 * (after / before - 1)).toFixed(1)} %`;
  const rates = (c) => c.sliceRates.map((rate) => Math.round(rate)).join(' / ');
  const rounds = roundChanges(off.sliceRates, on.sliceRates);
  const spread = spreadOf(rounds);
  const cpuRounds = roundChanges(off.sliceCpuMsPerSend, on.sliceCpuMsPerSend);
  const cpuSpread = spreadOf(cpuRounds);
  const perRound = (changes, { median, mean, halfWidth95 }) =>
    `${changes.map((c) => c.toFixed(1)).join(' / ')} % (median ${median.toFixed(1)} %, mean ${mean.toFixed(1)} % ± ${halfWidth95.toFixed(1)} at 95 %)`;
  const figuresOf = (changes, { median, mean, halfWidth95 }) => ({
    percent: changes.map((c) => Number(c.toFixed(1))),
    medianPercent: Number(median.toFixed(1)),
    meanPercent: Number(mean.toFixed(1)),
    halfWidth95Percent: Number(halfWidth95.toFixed(1)),
  });
  const figures = {
    date: new Date().toISOString(),
    node: process.version,
    rounds: options.rounds,
    sliceS: options.sliceS,
    connections: options.connections,
    traceRatio: options.traceRatio ?? 1,
    off: summary(off),
    on: summary(on),
    throughputChangePercent: Number(
      (100 * (on.sendsPerSecond / off.sendsPerSecond - 1)).toFixed(1),
    ),
    servicesCpuPerSendChangePercent: Number(
      (100 * (on.servicesCpuMsPerSend / off.servicesCpuMsPerSend - 1)).toFixed(1),
    ),
    roundChanges: {
      throughput: figuresOf(rounds, spread),
      servicesCpuPerSend: figuresOf(cpuRounds, cpuSpread),
    },
    exported: { requests: sink.exports, bytes: sink.bytes },
  };
  const table = [
    `slices                 ${options.rounds} rounds × (off, on, on, off) × ${options.sliceS} s, ${options.connections} connections, Node ${process.version}`,
    `tracing off            ${Math.round(off.sendsPerSecond)} sends/s, services ${off.servicesCpuMsPerSend.toFixed(3)} CPU-ms per send (slices: ${rates(off)})`,
    `tracing on             ${Math.round(on.sendsPerSecond)} sends/s, services ${on.servicesCpuMsPerSend.toFixed(3)} CPU-ms per send (slices: ${rates(on)})`,
    `CPU-ms per send        ${byService(off, on)}`,
    `traces recorded        ${options.traceRatio === undefined ? 'every one' : `one in ${Math.round(1 / options.traceRatio)} (ratio ${options.traceRatio})`}`,
    `tracing costs          throughput ${change(on.sendsPerSecond, off.sendsPerSecond)}, services' CPU per send ${change(on.servicesCpuMsPerSend, off.servicesCpuMsPerSend)}`,
    `per round: throughput  ${perRound(rounds, spread)}`,
    `per round: CPU / send  ${perRound(cpuRounds, cpuSpread)}`,
    `exported               ${sink.exports} OTLP requests, ${(sink.bytes / 1e6).toFixed(1)} MB`,
  ].join('\n');
  if (options.json) {
    process.stderr.write(`${table}\n`);
    process.stdout.write(`${JSON.stringify(figures)}\n`);
  } else {
    process.stdout.write(`${table}\n`);
  }
}

/** `gateway 0.25 → 0.31, …` for the services that did work. */
function byService(off, on) {
  return Object.keys(off.cpuMsByService)
    .map(
      (service) =>
        /** @type {[string, number, number]} */ ([
          service,
          off.cpuMsByService[service] / off.accepted,
          (on.cpuMsByService[service] ?? 0) / on.accepted,
        ]),
    )
    .filter(([, before, after]) => before >= 0.005 || after >= 0.005)
    .map(([service, before, after]) => `${service} ${before.toFixed(3)} → ${after.toFixed(3)}`)
    .join(', ');
}

function summary(contender) {
  return {
    sendsPerSecond: Math.round(contender.sendsPerSecond),
    servicesCpuMsPerSend: Number(contender.servicesCpuMsPerSend.toFixed(3)),
    cpuMsPerSendByService: Object.fromEntries(
      Object.entries(contender.cpuMsByService).map(([service, ms]) => [
        service,
        Number((ms / contender.accepted).toFixed(3)),
      ]),
    ),
    accepted: contender.accepted,
    failed: contender.failed,
    sliceSendsPerSecond: contender.sliceRates.map((rate) => Math.round(rate)),
  };
}

let exiting = false;
async function finish(code) {
  if (exiting) return;
  exiting = true;
  for (const system of systems) await system.stop().catch(() => undefined);
  process.exit(code);
}
process.on('SIGINT', () => void finish(130));
process.on('SIGTERM', () => void finish(143));

main().then(
  (code) => finish(code),
  (error) => void finish(exitStatusOf(error, { UsageError, usage: USAGE })),
);
