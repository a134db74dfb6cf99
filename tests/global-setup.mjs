// Finds (or starts) PostgreSQL and NATS the same way `npm start` does, once per test run, and
// prepares the run's shared systems (tests/shared-systems.mjs).
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInfrastructure } from '../tools/infra.mjs';
import { prepareSharedSystems } from './shared-systems.mjs';

export default async function globalSetup() {
  if (globalThis.__clarionInfra) return;
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const infra = await ensureInfrastructure({ root, log: (m) => process.stderr.write(`${m}\n`) });
  process.env.DATABASE_URL = infra.databaseUrl;
  process.env.NATS_URL = infra.natsUrl;
  process.env.TZ = 'UTC';
  prepareSharedSystems();
  globalThis.__clarionInfra = infra;
}
