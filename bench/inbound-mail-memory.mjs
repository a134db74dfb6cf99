#!/usr/bin/env node
// Memory of delivery-workers while its SMTP listener takes large messages at once (issue 37 #5):
// starts delivery-workers alone from a build (its own namespace and database), adds a built-in
// inbox row, hands it N concurrent messages of S MB, and prints the process's RSS before, at its
// peak while the messages arrive, and once all are answered.
//
//   node bench/inbound-mail-memory.mjs                      10 × 9 MB, from ./dist
//   node bench/inbound-mail-memory.mjs --dist /tmp/old/dist another build (e.g. the one before)
//   node bench/inbound-mail-memory.mjs --messages 20 --mb 5
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { pickPorts, progress, sleep } from './own-system.mjs';

const { values } = parseArgs({
  options: {
    dist: { type: 'string', default: 'dist' },
    messages: { type: 'string', default: '10' },
    mb: { type: 'string', default: '9' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    'nats-url': { type: 'string', default: 'nats://127.0.0.1:4222' },
  },
});
const count = Number(values.messages);
const bytes = Number(values.mb) * 1024 * 1024;
const domain = 'inbox.bench.test';
const inbox = `desk@${domain}`;

const rssMiB = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

async function withDatabase(url, run) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

function messageOf(i) {
  const line = 'x'.repeat(76);
  const body = `${line}\r\n`.repeat(Math.ceil(bytes / 78));
  return [
    `From: ada@example.org`,
    `To: ${inbox}`,
    `Subject: big ${i}`,
    `Message-ID: <big-${i}-${randomUUID()}@example.org>`,
    '',
    body,
  ].join('\r\n');
}

async function main() {
  const name = `benchmail${randomBytes(4).toString('hex')}`;
  const databaseUrl = new URL(values['database-url']);
  await withDatabase(databaseUrl.toString(), (c) => c.query(`CREATE DATABASE ${name}`));
  databaseUrl.pathname = `/${name}`;
  const { emailInboundPort: port } = await pickPorts();
  const child = spawn(
    process.execPath,
    [resolve(values.dist, 'apps/delivery-workers/src/main.js')],
    {
      env: {
        ...process.env,
        CLARION_NAMESPACE: name,
        DATABASE_URL: databaseUrl.toString(),
        NATS_URL: values['nats-url'],
        HEALTH_PORT: '0',
        LOG_LEVEL: 'warn',
        EMAIL_INBOUND_PORT: String(port),
        EMAIL_INBOUND_DOMAIN: domain,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  try {
    const transport = () =>
      nodemailer.createTransport({ host: '127.0.0.1', port, ignoreTLS: true });
    for (let started = Date.now(); ; await sleep(500)) {
      if (Date.now() - started > 120_000) throw new Error('delivery-workers did not listen');
      const ok = await transport()
        .verify()
        .catch(() => false);
      if (ok) break;
    }
    await withDatabase(databaseUrl.toString(), (c) =>
      c.query(
        `INSERT INTO delivery.inbox_addresses (full_address, account_id, env_id, prefix, domain, type)
         VALUES ($1, $2, $3, 'desk', $4, 'builtin')`,
        [inbox, randomUUID(), randomUUID(), domain],
      ),
    );
    const messages = Array.from({ length: count }, (_, i) => messageOf(i));
    await sleep(3000);
    const before = rssMiB(child.pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(child.pid))), 50);
    progress(`sending ${count} × ${values.mb} MB to :${port}`);
    const replies = await Promise.all(
      messages.map((raw) =>
        transport()
          .sendMail({ envelope: { from: 'ada@example.org', to: [inbox] }, raw })
          .then(
            (info) => info.response.slice(0, 3),
            (error) => String(error.responseCode ?? error.message),
          ),
      ),
    );
    const answered = rssMiB(child.pid);
    const peakReceiving = peak;
    await sleep(10_000);
    clearInterval(sampler);
    const settled = rssMiB(child.pid);
    const tally = Object.entries(replies.reduce((t, r) => ({ ...t, [r]: (t[r] ?? 0) + 1 }), {}));
    console.log(`build: ${values.dist}`);
    console.log(`replies: ${tally.map(([code, n]) => `${n} × ${code}`).join(', ')}`);
    console.log(
      `delivery-workers RSS (MiB): before ${before.toFixed(0)}, peak until all answered ` +
        `${peakReceiving.toFixed(0)}, when all answered ${answered.toFixed(0)}; in the 10 s after ` +
        `(the consumer reads the messages) peak ${peak.toFixed(0)}, at the end ${settled.toFixed(0)}`,
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    databaseUrl.pathname = '/postgres';
    await withDatabase(databaseUrl.toString(), (c) =>
      c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    );
  }
}

await main();
