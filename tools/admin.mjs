#!/usr/bin/env node
// `npm run admin -- account create --name <name> --email <owner email>`: operator commands,
// run against the same PostgreSQL that `npm start` uses.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_DATABASE_URL, DEFAULT_NATS_URL, isListening } from './infra.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The variable when set, else the default when it answers, else what the last `npm start` used
 * (it records the URLs of a PostgreSQL or nats-server it started in .data/infra.json).
 */
async function infraUrl(variable, defaultUrl, recordedKey, defaultPort) {
  if (process.env[variable]) return process.env[variable];
  const url = new URL(defaultUrl);
  if (await isListening(url.hostname, Number(url.port || defaultPort))) return defaultUrl;
  const recorded = join(root, '.data', 'infra.json');
  return existsSync(recorded)
    ? (JSON.parse(readFileSync(recorded, 'utf8'))[recordedKey] ?? defaultUrl)
    : defaultUrl;
}

const build = spawnSync(process.execPath, [join(root, 'tools/build.mjs')], {
  stdio: ['ignore', 'ignore', 'ignore'],
});
if (build.status !== 0) process.exit(build.status ?? 1);
const result = spawnSync(
  process.execPath,
  [
    '--enable-source-maps',
    join(root, 'dist/apps/billing/src/admin/main.js'),
    ...process.argv.slice(2),
  ],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      DATABASE_URL: await infraUrl('DATABASE_URL', DEFAULT_DATABASE_URL, 'databaseUrl', 5432),
      // Operator commands on registrations ask the running service over NATS.
      NATS_URL: await infraUrl('NATS_URL', DEFAULT_NATS_URL, 'natsUrl', 4222),
    },
  },
);
process.exit(result.status ?? 1);
