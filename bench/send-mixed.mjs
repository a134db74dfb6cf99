#!/usr/bin/env node
// Mixed-workload benchmark of the send pipeline: POST /send with templates, several channels,
// throttled and deduplicated types, /sms and /email; prints accepted sends/s, POST latency, the
// time from acceptance to the delivery jobs (the log record's processed_at − received_at: when
// notifications had published every job of the send), and the CPU milliseconds per accepted send.
//
//   node bench/send-mixed.mjs                   starts its own system (isolated namespace, ports, database)
//   node bench/send-mixed.mjs --url http://127.0.0.1:3000 --api-key clarion_sk_...   uses a running system
import autocannon from 'autocannon';
import { parseOptionsOrExit } from './cli-options.mjs';
import { OWN_SYSTEM_OPTIONS, OwnSystem, progress, sleep, StartError } from './own-system.mjs';
import {
  cpuBetween,
  cpuFigures,
  locateRunningSystem,
  ownSystemCpuTarget,
  perSendLine,
  takeCpuSnapshot,
} from './process-cpu.mjs';

const USAGE = `usage: node bench/send-mixed.mjs [options]

  --connections N        concurrent connections (default 64)
  --duration S           measured load, seconds (default 20)
  --rate N               offer at most N sends/s in all (default: as fast as the system answers);
                         compare two versions at a rate both sustain: at saturation, accepted →
                         jobs measures how fast the backlog grows, not how long a send waits
  --users N              size of the recipient pool (default 1000)
  --sample-every N       read the log record of every Nth accepted send (default 25)
  --json                 one JSON line on stdout

  Own system (default): starts \`node tools/start.mjs\` and stops it at the end.
  --database-url URL     database of the started system (default postgres://postgres@127.0.0.1:5432/clarion_bench)
  --nats-url URL         NATS of the started system, or own (default): a nats-server of
                         its own, synced to disk before every ack as npm start's is
  --start-timeout S      how long build + start may take (default 240)
  --keep-streams         leave the run's JetStream streams in NATS
  --fresh-db             drop the database first (only if its name contains "bench")

  Running system:
  --api-key KEY          secret API key of an account on it
  --url URL              its gateway (default http://127.0.0.1:3000 when --api-key is given)

Exit status: 0 ok; 1 more than 1% of the samples never got a log record; 2 bad arguments;
3 the system could not be started or reached.`;

const { values } = parseOptionsOrExit(
  {
    options: {
      url: { type: 'string' },
      'api-key': { type: 'string' },
      connections: { type: 'string', default: '64' },
      duration: { type: 'string', default: '20' },
      rate: { type: 'string' },
      users: { type: 'string', default: '1000' },
      'sample-every': { type: 'string', default: '25' },
      json: { type: 'boolean', default: false },
      ...OWN_SYSTEM_OPTIONS,
      help: { type: 'boolean', short: 'h', default: false },
    },
  },
  USAGE,
);
const usesRunningSystem = values['api-key'] !== undefined;
if (values.url && !usesRunningSystem) {
  process.stderr.write(`--url needs --api-key\n\n${USAGE}\n`);
  process.exit(2);
}
if (
  values['fresh-db'] &&
  (usesRunningSystem || !/bench/.test(new URL(values['database-url']).pathname))
) {
  process.stderr.write(
    `--fresh-db drops the started system's database, whose name must contain "bench"\n\n${USAGE}\n`,
  );
  process.exit(2);
}
const connections = Number(values.connections);
const durationS = Number(values.duration);
const rate = values.rate === undefined ? undefined : Number(values.rate);
if (rate !== undefined && !(Number.isInteger(rate) && rate > 0)) {
  process.stderr.write(`--rate must be a positive whole number of sends per second\n\n${USAGE}\n`);
  process.exit(2);
}
const users = Number(values.users);
const sampleEvery = Number(values['sample-every']);
let baseUrl;
let headers;
async function call(method, path, body) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** Types the workload uses; created once (a 409 means an earlier run made them). */
async function setUp() {
  const types = [
    {
      notificationId: 'bench-templated',
      title: 'Templated',
      channels: ['EMAIL', 'INAPP_WEB', 'SMS'],
    },
    {
      notificationId: 'bench-throttled',
      channels: ['INAPP_WEB'],
      throttling: { max: 3, period: 1, unit: 'hours', forever: false, scope: ['userId'] },
    },
    {
      notificationId: 'bench-deduplicated',
      channels: ['INAPP_WEB'],
      deduplication: { duration: 3600 },
    },
  ];
  for (const type of types) {
    const { status, body } = await call('POST', '/types', type);
    if (status !== 201 && status !== 409)
      throw new Error(`POST /types: ${status} ${JSON.stringify(body)}`);
  }
  const templates = [
    [
      'EMAIL',
      {
        templateId: 'bench',
        subject: 'Order {{ order }}',
        html: '<p>Hi {{ name }}, order {{ order }} shipped</p>',
      },
    ],
    ['INAPP_WEB', { templateId: 'bench', title: 'Order {{ order }} shipped' }],
    ['SMS', { templateId: 'bench', message: 'Order {{ order }} shipped' }],
  ];
  for (const [channel, template] of templates) {
    const { status, body } = await call(
      'POST',
      `/notifications/bench-templated/${channel}/templates`,
      template,
    );
    if (status !== 201 && status !== 409)
      throw new Error(`POST template: ${status} ${JSON.stringify(body)}`);
  }
}

/** The n-th request of the mix: [path, body]. */
function requestOf(n) {
  const user = `bench-user-${n % users}`;
  switch (n % 6) {
    case 0:
    case 1:
      return [
        '/send',
        {
          type: 'bench-templated',
          to: { id: user, email: `${user}@example.test`, number: '+15005550006' },
          parameters: { name: user, order: n },
        },
      ];
    case 2:
      return [
        '/send',
        { type: 'bench-throttled', to: { id: user }, inapp: { title: `Update ${n}` } },
      ];
    case 3:
      return [
        '/send',
        { type: 'bench-deduplicated', to: { id: user }, inapp: { title: 'Same every time' } },
      ];
    case 4:
      return ['/sms', { type: 'bench-sms', to: '+15005550006', message: `Code ${n}` }];
    default:
      return [
        '/email',
        {
          type: 'bench-email',
          to: `${user}@example.test`,
          subject: `Receipt ${n}`,
          html: '<p>Thanks</p>',
        },
      ];
  }
}

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

let ownSystem;

/** The system to load: the one at --url, or one started here. */
async function connect() {
  if (usesRunningSystem) {
    baseUrl = new URL(values.url ?? 'http://127.0.0.1:3000').origin;
    headers = { 'content-type': 'application/json', authorization: `Bearer ${values['api-key']}` };
    return locateRunningSystem(baseUrl);
  }
  ownSystem = new OwnSystem({
    databaseUrl: values['database-url'],
    natsUrl: values['nats-url'],
    startTimeoutMs: Number(values['start-timeout']) * 1000,
    keepStreams: values['keep-streams'],
    freshDb: values['fresh-db'],
  });
  await ownSystem.start();
  baseUrl = ownSystem.url;
  headers = { 'content-type': 'application/json', authorization: `Bearer ${ownSystem.apiKey}` };
  return ownSystemCpuTarget(ownSystem.launcherPid, values['database-url']);
}

async function main() {
  let cpuTarget;
  try {
    cpuTarget = await connect();
    progress(`setting up types and templates on ${baseUrl}`);
    await setUp();
  } catch (error) {
    throw error instanceof StartError ? error : new StartError(error.message);
  }
  let sequence = 0;
  let accepted = 0;
  const rejected = {};
  const sampled = [];
  progress(
    `load: ${durationS} s at ${connections} connections${rate ? ` (at most ${rate}/s)` : ''}, ${users} users`,
  );
  const cpuBefore = takeCpuSnapshot(cpuTarget);
  const loadStartedAt = performance.now();
  const result = await new Promise((resolve, reject) => {
    const instance = autocannon({
      url: baseUrl,
      connections,
      duration: durationS,
      ...(rate === undefined ? {} : { overallRate: rate }),
      timeout: 10,
      requests: [
        {
          method: 'POST',
          headers,
          setupRequest(request) {
            const [path, body] = requestOf(sequence++);
            request.path = path;
            request.body = JSON.stringify(body);
            return request;
          },
          onResponse(status, body) {
            if (status !== 200) {
              rejected[status] = (rejected[status] ?? 0) + 1;
              return;
            }
            accepted++;
            if (accepted % sampleEvery === 0) sampled.push(JSON.parse(body).trackingId);
          },
        },
      ],
    });
    instance.on('done', resolve);
    instance.on('error', reject);
  });
  const cpuAfter = takeCpuSnapshot(cpuTarget);
  const loadSeconds = (performance.now() - loadStartedAt) / 1000;

  progress(`reading the log records of ${sampled.length} sampled sends`);
  const toJobs = [];
  const routings = {};
  let missing = 0;
  const deadline = Date.now() + 60_000;
  for (let i = 0; i < sampled.length; i += 25) {
    let pending = sampled.slice(i, i + 25);
    while (pending.length > 0 && Date.now() < deadline) {
      const { status, body } = await call('GET', `/logs/${pending.join(',')}`);
      if (process.env.BENCH_DEBUG) progress(`${status} ${JSON.stringify(body).slice(0, 300)}`);
      const done = (body?.logs ?? []).filter((log) => log.processed_at && log.received_at);
      for (const log of done) {
        toJobs.push(Date.parse(log.processed_at) - Date.parse(log.received_at));
        const routing =
          log.ignored ??
          Object.entries(log)
            .filter(([k]) => k.endsWith('_routing'))
            .map(([k, v]) => `${k.replace('_routing', '')}:${v}`)
            .sort()
            .join(' ');
        routings[routing] = (routings[routing] ?? 0) + 1;
      }
      const seen = new Set(done.map((log) => log.trackingId));
      pending = pending.filter((id) => !seen.has(id));
      if (pending.length > 0) await sleep(200);
    }
    missing += pending.length;
  }
  toJobs.sort((a, b) => a - b);
  const figures = {
    acceptedPerSecond: Math.round(accepted / durationS),
    accepted,
    rejected,
    postLatencyMs: { p50: result.latency.p50, p99: result.latency.p99 },
    toDeliveryJobsMs: {
      p50: percentile(toJobs, 50),
      p99: percentile(toJobs, 99),
      max: toJobs.at(-1) ?? null,
      samples: toJobs.length,
      missing,
    },
    outcomesOfSamples: routings,
    cpu: cpuFigures(cpuBetween(cpuBefore, cpuAfter), {
      acceptedSends: accepted,
      windowSeconds: loadSeconds,
      target: cpuTarget,
    }),
  };
  if (values.json) process.stdout.write(`${JSON.stringify(figures)}\n`);
  else {
    process.stdout.write(
      [
        `accepted sends/s      ${figures.acceptedPerSecond} (${accepted} accepted, rejected ${JSON.stringify(rejected)})`,
        `POST latency          p50 ${figures.postLatencyMs.p50} ms, p99 ${figures.postLatencyMs.p99} ms`,
        `accepted → jobs       p50 ${figures.toDeliveryJobsMs.p50} ms, p99 ${figures.toDeliveryJobsMs.p99} ms, max ${figures.toDeliveryJobsMs.max} ms (${toJobs.length} samples, ${missing} missing)`,
        `CPU during the load   ${cpuPercentLine(figures.cpu)}`,
        `CPU per accepted send ${perSendLine(figures.cpu)}`,
        `CPU measured for      ${figures.cpu.scope}`,
        'outcomes of samples:',
        ...Object.entries(routings)
          .sort(([, a], [, b]) => b - a)
          .map(([k, v]) => `  ${String(v).padStart(5)}  ${k}`),
        '',
      ].join('\n'),
    );
  }
  return missing > sampled.length / 100 ? 1 : 0;
}

function cpuPercentLine(cpu) {
  const p = cpu.percent;
  if (!p) return `unavailable: ${cpu.scope}`;
  return `machine ${p.all}% of ${cpu.cores * 100}%: services ${cpu.servicesFound ? `${p.services.total}%` : '?'}, PostgreSQL+NATS ${p.postgres.total + p.nats}%, benchmark ${p.benchmark}%, other ${p.other?.total}%`;
}

let exiting = false;
async function finish(code) {
  if (exiting) return;
  exiting = true;
  try {
    await ownSystem?.stop();
  } catch (error) {
    progress(`stopping the system failed: ${error.message}`);
  }
  process.exit(code);
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    progress(`${signal}: stopping`);
    void finish(130);
  });
}

main().then(
  (code) => finish(code),
  (error) => {
    if (error instanceof StartError) progress(`cannot run: ${error.message}`);
    else progress(`failed: ${error.stack ?? error}`);
    void finish(error instanceof StartError ? 3 : 1);
  },
);
