#!/usr/bin/env node
// The resident memory of each idle service: the benchmark starts its own system (bench/own-system.mjs),
// sends nothing, and reads every service's RSS from /proc at the moments asked for, counted from
// when the system answers GET /status. Linux only.
//
//   node bench/idle-rss.mjs                  20 s and 150 s after the start, tracing off
//   node bench/idle-rss.mjs --tracing        every service exports to a loopback OTLP receiver
//   node bench/idle-rss.mjs --at 20,60,150   other moments
//
// Right after the start a service still holds the young generation its startup grew (V8 sizes it
// up while the modules load and the app is built) and only gives it back once V8's memory reducer
// runs, one to two minutes into idleness; both moments are worth knowing (see bench/README.md).
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { OtlpSink } from './otlp-sink.mjs';
import { exitStatusOf, OwnSystem, progress, sleep, StartError } from './own-system.mjs';
import { servicePidsUnder } from './process-cpu.mjs';

const USAGE = `usage: node bench/idle-rss.mjs [options]

  --at S,S,...       seconds after the start at which to read (default 20,150)
  --tracing          the services export every span and their metrics to a loopback OTLP/HTTP
                     receiver (OTEL_EXPORTER_OTLP_ENDPOINT), as in deploy/
  --database-url URL the system's database (default postgres://postgres@127.0.0.1:5432/clarion_bench_idle,
                     dropped first)
  --nats-url URL     (default nats://127.0.0.1:4222)
  --json             one JSON line on stdout (the table then goes to stderr)

Exit status: 0 ok; 2 bad arguments; 3 the system could not start.`;

class UsageError extends Error {}

function parseOptions(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      at: { type: 'string', default: '20,150' },
      tracing: { type: 'boolean', default: false },
      'database-url': {
        type: 'string',
        default: 'postgres://postgres@127.0.0.1:5432/clarion_bench_idle',
      },
      'nats-url': { type: 'string', default: 'nats://127.0.0.1:4222' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const moments = values.at.split(',').map(Number);
  if (moments.some((s) => !Number.isInteger(s) || s < 0 || s > 3600))
    throw new UsageError('--at takes whole seconds from 0 to 3600, separated by commas');
  if (moments.some((s, i) => i > 0 && s <= moments[i - 1]))
    throw new UsageError('--at takes its moments in increasing order');
  if (!/^postgres(ql)?:\/\/.+\/[^/]+$/.test(values['database-url']))
    throw new UsageError('--database-url must be a postgres:// URL naming a database');
  return {
    moments,
    tracing: values.tracing,
    databaseUrl: values['database-url'],
    natsUrl: values['nats-url'],
    json: values.json,
  };
}

/** Resident memory of a process in MiB: all of it, and its anonymous part (heap, code, stacks). */
function residentMemoryOf(pid) {
  let status;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return undefined; // it ended
  }
  const kib = (field) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMiB: kib('VmRSS') / 1024, anonMiB: kib('RssAnon') / 1024 };
}

function table(readings) {
  const services = Object.keys(readings[0]?.services ?? {});
  const header = ['service'.padEnd(18), ...readings.map((r) => `+${r.afterS} s`.padStart(16))];
  const lines = services.map((service) =>
    [
      service.padEnd(18),
      ...readings.map((r) => {
        const memory = r.services[service];
        return memory
          ? `${memory.rssMiB.toFixed(0)} (${memory.anonMiB.toFixed(0)})`.padStart(16)
          : 'gone'.padStart(16);
      }),
    ].join(''),
  );
  return [
    header.join(''),
    ...lines,
    'MiB RSS (anonymous part in brackets), after GET /status answered',
  ].join('\n');
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  if (process.platform !== 'linux') throw new StartError('reads /proc: Linux only');
  const sink = options.tracing ? new OtlpSink() : undefined;
  const endpoint = sink ? await sink.start() : '';
  const system = new OwnSystem({
    databaseUrl: options.databaseUrl,
    natsUrl: options.natsUrl,
    startTimeoutMs: 240_000,
    freshDb: true,
    keepStreams: false,
    env: { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint },
  });
  try {
    try {
      await system.start();
    } catch (error) {
      throw error instanceof StartError ? error : new StartError(error.message);
    }
    const readyAt = performance.now();
    const readings = [];
    for (const afterS of options.moments) {
      await sleep(Math.max(0, readyAt + afterS * 1000 - performance.now()));
      const services = {};
      for (const [service, pid] of servicePidsUnder(system.launcherPid)) {
        services[service] = residentMemoryOf(pid);
      }
      readings.push({ afterS, services });
      progress(`read at +${afterS} s`);
    }
    const summary = table(readings);
    const node = `Node ${process.version}, tracing ${options.tracing ? 'on' : 'off'}`;
    if (options.json) {
      process.stderr.write(`${node}\n${summary}\n`);
      process.stdout.write(
        `${JSON.stringify({ node: process.version, tracing: options.tracing, readings })}\n`,
      );
    } else {
      process.stdout.write(`${node}\n${summary}\n`);
    }
  } finally {
    await system.stop();
    await sink?.stop();
  }
}

main().then(
  () => process.exit(0),
  (error) => process.exit(exitStatusOf(error, { UsageError, usage: USAGE })),
);
