#!/usr/bin/env node
// Benchmark of the logs service alone: one logs process consumes a burst of events (five per
// send: processed, sent, delivered, opened, a webhook result) and writes them into the log
// records and the event log. Prints events written per second, and checks every send's record
// holds all of its fields.
//
//   node bench/logs.mjs                  20,000 sends = 100,000 events
//   node bench/logs.mjs --sends 50000
//
// Needs `node tools/build.mjs` first, PostgreSQL at DATABASE_URL and NATS at NATS_URL (the
// defaults are the local ones `npm start` uses). Runs in its own NATS namespace and removes it.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { connect, JSONCodec } from 'nats';
import pg from 'pg';
import { parseOptionsOrExit } from './cli-options.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const USAGE = 'usage: node bench/logs.mjs [--sends N]';
const { values: options } = parseOptionsOrExit(
  {
    options: {
      sends: { type: 'string', default: '20000' },
      help: { type: 'boolean', default: false },
    },
  },
  USAGE,
);
const sends = Number(options.sends);
const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/clarion';
const namespace = `bench${randomBytes(4).toString('hex')}`;
const accountId = `0000${randomBytes(2).toString('hex')}-0000-4000-8000-000000000001`;
const envId = '00000000-0000-4000-8000-000000000002';

/** A UUIDv7-shaped trackingId, like the gateway's. */
function trackingIdOf(index) {
  const ms = (Date.now() + index).toString(16).padStart(12, '0');
  const random = randomBytes(8).toString('hex');
  return `${ms.slice(0, 8)}-${ms.slice(8)}-7${random.slice(0, 3)}-8${random.slice(3, 6)}-${random.slice(6)}${randomBytes(1).toString('hex')}`;
}

function eventsOf(index) {
  const trackingId = trackingIdOf(index);
  const at = new Date().toISOString();
  const envelope = (kind, data) => ({
    id: `${trackingId}:${kind}`,
    kind,
    trackingId,
    accountId,
    envId,
    occurredAt: at,
    data,
  });
  const step = (status, fields) =>
    envelope(`delivery.email.${status}`, {
      channel: 'email',
      status,
      at,
      after: 40,
      userId: `user-${index}`,
      notificationId: 'bench',
      ...(fields && { fields }),
    });
  return [
    envelope('send.processed', {
      type: 'bench',
      receivedAt: at,
      processedAt: at,
      request: '{"type":"bench"}',
      user: { id: `user-${index}`, email: `user-${index}@example.com` },
      channels: { email: { routing: 'SEND', preview: 'Hello' } },
    }),
    step('sent', { message_id: `<${trackingId}@bench>` }),
    step('delivered'),
    step('opened', { ip: '203.0.113.7', user_agent: 'bench' }),
    envelope('webhook.result', {
      channel: 'email',
      status: 'opened',
      result: '200',
      delivered: true,
    }),
  ];
}

async function waitForConsumer(manager) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const info = await manager.consumers.info(`${namespace}_EVENTS`, 'logs').catch(() => undefined);
    if (info) return;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error('logs did not start its consumer within 30 s');
}

function startLogs() {
  return spawn(process.execPath, [join(root, 'dist/apps/logs/src/main.js')], {
    env: {
      ...process.env,
      NATS_URL: natsUrl,
      DATABASE_URL: databaseUrl,
      CLARION_NAMESPACE: namespace,
      HEALTH_PORT: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

async function stopLogs(logs) {
  logs.kill('SIGTERM');
  await new Promise((resolve) => logs.once('exit', resolve));
}

async function main() {
  // A first run provisions the stream and the durable consumer; the burst is then published
  // while logs is down, so the figure is of writing alone, not of this process publishing.
  let logs = startLogs();
  const nats = await connect({ servers: natsUrl.split(',') });
  const manager = await nats.jetstreamManager();
  const database = new pg.Client({ connectionString: databaseUrl });
  await database.connect();
  try {
    await waitForConsumer(manager);
    await stopLogs(logs);
    const js = nats.jetstream();
    const codec = JSONCodec();
    const total = sends * 5;
    const started = performance.now();
    for (let offset = 0; offset < sends; offset += 400) {
      const batch = [];
      for (let index = offset; index < Math.min(offset + 400, sends); index++) {
        for (const event of eventsOf(index)) {
          batch.push(
            js.publish(`${namespace}.evt.${event.kind}`, codec.encode(event), { msgID: event.id }),
          );
        }
      }
      await Promise.all(batch);
    }
    const published = performance.now();
    logs = startLogs();
    let first;
    let firstAcked = 0;
    let done = false;
    while (!done && performance.now() - published < 600_000) {
      const info = await manager.consumers.info(`${namespace}_EVENTS`, 'logs');
      if (first === undefined && info.ack_floor.stream_seq > 0) {
        first = performance.now();
        firstAcked = info.ack_floor.stream_seq;
      }
      done =
        info.num_pending === 0 && info.num_ack_pending === 0 && info.delivered.stream_seq >= total;
      if (!done) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const finished = performance.now();
    const { rows } = await database.query(
      `SELECT count(*) FILTER (WHERE record ? 'email_opened_webhook_res' AND record ? 'received_at') AS complete,
              count(*) AS records
         FROM logs.log_records WHERE account_id = $1`,
      [accountId],
    );
    const steps = await database.query(
      `SELECT count(*) AS steps FROM logs.log_events WHERE account_id = $1`,
      [accountId],
    );
    const seconds = (finished - (first ?? published)) / 1000;
    process.stdout.write(
      [
        `events: ${total} (${sends} sends × 5), published in ${((published - started) / 1000).toFixed(1)} s`,
        `records: ${rows[0].records}, complete: ${rows[0].complete}, event-log rows: ${steps.rows[0].steps}`,
        `events/s written: ${((total - firstAcked) / seconds).toFixed(0)} (first ack to last, ${seconds.toFixed(1)} s; the burst waited on the stream)`,
        '',
      ].join('\n'),
    );
    await database.query('DELETE FROM logs.log_events WHERE account_id = $1', [accountId]);
    await database.query('DELETE FROM logs.log_records WHERE account_id = $1', [accountId]);
  } finally {
    if (logs.exitCode === null) await stopLogs(logs);
    for await (const name of manager.streams.names()) {
      if (name.startsWith(`${namespace}_`))
        await manager.streams.delete(name).catch(() => undefined);
    }
    await nats.close();
    await database.end();
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
