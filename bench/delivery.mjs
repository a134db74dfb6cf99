#!/usr/bin/env node
// Benchmark of delivery-workers alone: one process delivers SMS jobs to a loopback
// Twilio-compatible provider that answers every message after a fixed latency (100 ms).
// Prints deliveries per second (provider-accepted messages), and checks every job was acked
// and delivered exactly once.
//
//   node bench/delivery.mjs                       20,000 jobs, 100 ms provider latency
//   node bench/delivery.mjs --jobs 50000 --in-flight 1024 --latency 100
//
// Needs `node tools/build.mjs` first, PostgreSQL at DATABASE_URL and NATS at NATS_URL (the
// defaults are the local ones `npm start` uses). Runs in its own NATS namespace and removes it.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { connect, JSONCodec } from 'nats';
import { parseOptionsOrExit } from './cli-options.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const USAGE = 'usage: node bench/delivery.mjs [--jobs N] [--latency MS] [--in-flight N]';
const { values: options } = parseOptionsOrExit(
  {
    options: {
      jobs: { type: 'string', default: '20000' },
      latency: { type: 'string', default: '100' },
      'in-flight': { type: 'string', default: '512' },
      help: { type: 'boolean', default: false },
    },
  },
  USAGE,
);
const jobs = Number(options.jobs);
const latencyMs = Number(options.latency);
const inFlight = Number(options['in-flight']);
const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/clarion';
const namespace = `bench${randomBytes(4).toString('hex')}`;

/** A Twilio-compatible Messages endpoint that answers after `latencyMs`. */
function startProvider() {
  const received = new Map();
  const acceptedAt = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const to = new URLSearchParams(body).get('To');
      received.set(to, (received.get(to) ?? 0) + 1);
      setTimeout(() => {
        acceptedAt.push(performance.now());
        response.writeHead(201, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({ sid: `SM${randomUUID().replace(/-/g, '')}`, status: 'queued' }),
        );
      }, latencyMs);
    });
  });
  server.keepAliveTimeout = 60_000;
  return new Promise((done) =>
    server.listen(0, '127.0.0.1', () => done({ server, received, acceptedAt })),
  );
}

function startWorkers(providerPort) {
  const child = spawn(process.execPath, [join(root, 'dist/apps/delivery-workers/src/main.js')], {
    env: {
      ...process.env,
      NATS_URL: natsUrl,
      DATABASE_URL: databaseUrl,
      CLARION_NAMESPACE: namespace,
      HEALTH_PORT: '0',
      LOG_LEVEL: 'warn',
      TWILIO_BASE_URL: `http://127.0.0.1:${providerPort}`,
      TWILIO_ACCOUNT_SID: 'ACbench',
      TWILIO_AUTH_TOKEN: 'bench',
      TWILIO_FROM_NUMBER: '+15550000000',
      DELIVERY_CONCURRENCY: `sms=${inFlight}`,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return child;
}

function jobOf(index) {
  return {
    trackingId: randomUUID(),
    accountId: '00000000-0000-4000-8000-000000000001',
    envId: '00000000-0000-4000-8000-000000000002',
    channel: 'SMS',
    notificationId: 'bench',
    recipient: { id: `user-${index}`, number: `+1555${String(1_000_000 + index).slice(-7)}` },
    content: { message: `Your code is ${index}` },
    receivedAt: new Date().toISOString(),
  };
}

async function waitForConsumer(manager) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const info = await manager.consumers
      .info(`${namespace}_DELIVERY`, 'delivery-workers-sms')
      .catch(() => undefined);
    if (info) return;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error('delivery-workers did not start its SMS consumer within 30 s');
}

async function main() {
  const provider = await startProvider();
  const workers = startWorkers(provider.server.address().port);
  const nats = await connect({ servers: natsUrl.split(',') });
  const manager = await nats.jetstreamManager();
  try {
    await waitForConsumer(manager);
    const js = nats.jetstream();
    const codec = JSONCodec();
    const started = performance.now();
    for (let offset = 0; offset < jobs; offset += 1000) {
      const batch = [];
      for (let index = offset; index < Math.min(offset + 1000, jobs); index++) {
        const job = jobOf(index);
        batch.push(
          js.publish(`${namespace}.delivery.sms`, codec.encode(job), { msgID: job.trackingId }),
        );
      }
      await Promise.all(batch);
    }
    const published = performance.now();
    while (provider.acceptedAt.length < jobs && performance.now() - published < 300_000) {
      await new Promise((done) => setTimeout(done, 200));
    }
    let pending = Infinity;
    while (pending > 0 && performance.now() - published < 300_000) {
      const info = await manager.consumers.info(`${namespace}_DELIVERY`, 'delivery-workers-sms');
      pending = info.num_pending + info.num_ack_pending;
      if (pending > 0) await new Promise((done) => setTimeout(done, 200));
    }
    const accepted = provider.acceptedAt;
    const first = Math.min(...accepted.slice(0, 100));
    const last = Math.max(...accepted);
    const duplicates = [...provider.received.values()].filter((count) => count > 1).length;
    const seconds = (last - first) / 1000;
    process.stdout.write(
      [
        `jobs: ${jobs}, provider latency ${latencyMs} ms, in flight per process ${inFlight}`,
        `published in ${((published - started) / 1000).toFixed(1)} s`,
        `delivered: ${accepted.length}, duplicates: ${duplicates}, left unacked: ${pending}`,
        `deliveries/s: ${(accepted.length / seconds).toFixed(0)} (first to last provider answer, ${seconds.toFixed(1)} s)`,
        '',
      ].join('\n'),
    );
  } finally {
    workers.kill('SIGTERM');
    await new Promise((done) => workers.once('exit', done));
    for await (const name of manager.streams.names()) {
      if (name.startsWith(`${namespace}_`) || name.includes(`_${namespace}_`)) {
        await manager.streams.delete(name).catch(() => undefined);
      }
    }
    await nats.close();
    provider.server.close();
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
