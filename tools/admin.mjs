#!/usr/bin/env node
// `npm run admin -- account create --name <name> --email <owner email>`: operator commands,
// run against the same PostgreSQL and NATS that the running `npm start` uses (it records them,
// with the credentials of an embedded PostgreSQL it started, in <data dir>/infra.json).
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dataRootOf, DEFAULT_DATABASE_URL, DEFAULT_NATS_URL } from './infra.mjs';
import { readStartRecord, urlBesideStart } from './start-record.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const record = readStartRecord(dataRootOf(root));
const env = process.env;

const build = spawnSync(process.execPath, [join(root, 'tools/build.mjs')], {
  stdio: ['ignore', 'ignore', 'pipe'],
});
if (build.status !== 0) {
  process.stderr.write(build.stderr);
  process.exit(build.status ?? 1);
}
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
      ...env,
      DATABASE_URL: urlBesideStart({
        env,
        variable: 'DATABASE_URL',
        key: 'databaseUrl',
        defaultUrl: DEFAULT_DATABASE_URL,
        record,
      }),
      // Operator commands on registrations ask the running service over NATS.
      NATS_URL: urlBesideStart({
        env,
        variable: 'NATS_URL',
        key: 'natsUrl',
        defaultUrl: DEFAULT_NATS_URL,
        record,
      }),
    },
  },
);
process.exit(result.status ?? 1);
