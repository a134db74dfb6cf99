#!/usr/bin/env node
// `npm run admin -- account create --name <name> --email <owner email>`: operator commands,
// run against the same PostgreSQL that `npm start` uses.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_DATABASE_URL, isListening } from './infra.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** DATABASE_URL, else the default when it answers, else what the last `npm start` used. */
async function databaseUrl() {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const defaultUrl = new URL(DEFAULT_DATABASE_URL);
  if (await isListening(defaultUrl.hostname, Number(defaultUrl.port))) return DEFAULT_DATABASE_URL;
  const recorded = join(root, '.data', 'infra.json');
  return existsSync(recorded)
    ? JSON.parse(readFileSync(recorded, 'utf8')).databaseUrl
    : DEFAULT_DATABASE_URL;
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
  { stdio: 'inherit', env: { ...process.env, DATABASE_URL: await databaseUrl() } },
);
process.exit(result.status ?? 1);
