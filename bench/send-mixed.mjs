#!/usr/bin/env node
// Mixed-workload benchmark of the send pipeline against a running system: POST /send with
// templates, several channels, throttled and deduplicated types, /sms and /email; prints accepted
// sends/s, POST latency, and the time from acceptance to the delivery jobs (the log record's
// processed_at − received_at: when notifications had published every job of the send).
//
//   npm start                                   (in another terminal)
//   npm run admin -- account create --name Bench --email bench@example.test   → apiKey
//   node bench/send-mixed.mjs --url http://127.0.0.1:3000 --api-key clarion_sk_... [--duration 20]
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:3000' },
    'api-key': { type: 'string' },
    connections: { type: 'string', default: '64' },
    duration: { type: 'string', default: '20' },
    users: { type: 'string', default: '1000' },
    'sample-every': { type: 'string', default: '25' },
    json: { type: 'boolean', default: false },
  },
});
if (!values['api-key']) {
  process.stderr.write(
    'usage: node bench/send-mixed.mjs --api-key KEY [--url URL] [--duration S] [--connections N] [--users N]\n',
  );
  process.exit(2);
}
const baseUrl = new URL(values.url).origin;
const apiKey = values['api-key'];
const connections = Number(values.connections);
const durationS = Number(values.duration);
const users = Number(values.users);
const sampleEvery = Number(values['sample-every']);
const headers = { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` };
const progress = (message) => process.stderr.write(`[bench] ${message}\n`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

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

async function main() {
  progress(`setting up types and templates on ${baseUrl}`);
  await setUp();
  let sequence = 0;
  let accepted = 0;
  const rejected = {};
  const sampled = [];
  progress(`load: ${durationS} s at ${connections} connections, ${users} users`);
  const result = await new Promise((resolve, reject) => {
    const instance = autocannon({
      url: baseUrl,
      connections,
      duration: durationS,
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
  };
  if (values.json) process.stdout.write(`${JSON.stringify(figures)}\n`);
  else {
    process.stdout.write(
      [
        `accepted sends/s      ${figures.acceptedPerSecond} (${accepted} accepted, rejected ${JSON.stringify(rejected)})`,
        `POST latency          p50 ${figures.postLatencyMs.p50} ms, p99 ${figures.postLatencyMs.p99} ms`,
        `accepted → jobs       p50 ${figures.toDeliveryJobsMs.p50} ms, p99 ${figures.toDeliveryJobsMs.p99} ms, max ${figures.toDeliveryJobsMs.max} ms (${toJobs.length} samples, ${missing} missing)`,
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

main().then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`[bench] ${error.stack ?? error}\n`);
    process.exit(3);
  },
);
