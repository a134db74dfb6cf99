#!/usr/bin/env node
// `npm test`: every check and every test. Builds, type-checks, lints (with Nx module
// boundaries), checks formatting, then runs the unit, integration and end-to-end specs against
// the real PostgreSQL and NATS (found or started like `npm start` does).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const env = {
  ...process.env,
  TZ: 'UTC',
  NX_DAEMON: 'false',
  NX_NO_CLOUD: 'true',
  FORCE_COLOR: process.env.FORCE_COLOR ?? '0',
  // Loopback TLS peers (APNs, FCM, push services) present certificates of this test CA.
  NODE_EXTRA_CA_CERTS: join(root, 'libs/testing/fixtures/tls/ca.pem'),
};
const resultsFile = join(root, '.data', 'jest-results.json');

function step(title, command, args) {
  const started = Date.now();
  process.stderr.write(`\n== ${title}\n`);
  const result = spawnSync(command, args, { cwd: root, env, stdio: 'inherit' });
  process.stderr.write(
    `== ${title}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
  return result.status === 0;
}

mkdirSync(dirname(resultsFile), { recursive: true });
const checks = [
  ['build', process.execPath, [join(root, 'tools/build.mjs')]],
  ['project graph', bin('nx'), ['show', 'projects']],
  ['typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']],
  ['lint', bin('eslint'), ['.', '--max-warnings', '0']],
  ['format', bin('prettier'), ['--check', '--log-level', 'warn', '.']],
];
for (const [title, command, args] of checks) {
  if (!step(title, command, args)) process.exit(1);
}
const passed = step('tests', bin('jest'), ['--runInBand', '--json', `--outputFile=${resultsFile}`]);
try {
  const results = JSON.parse(readFileSync(resultsFile, 'utf8'));
  process.stdout.write(`\n${results.numPassedTests} passed, ${results.numFailedTests} failed\n`);
} catch {
  process.stdout.write('\n0 passed, 1 failed\n');
}
process.exit(passed ? 0 : 1);
