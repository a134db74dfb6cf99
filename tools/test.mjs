#!/usr/bin/env node
// `npm test`: every check and every test. Builds, then type-checks, lints (with Nx module
// boundaries) and checks formatting beside the unit, integration and end-to-end specs, which run
// against the real PostgreSQL and NATS (found or started like `npm start` does); the specs that
// time things run last, alone.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInfrastructure } from './infra.mjs';

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
const resultsFiles = [
  join(root, '.data', 'jest-results.json'),
  join(root, '.data', 'jest-results-alone.json'),
  join(root, '.data', 'jest-results-waiting.json'),
];

/**
 * Specs whose assertions time things (latency budgets, shutdown and failover deadlines, the fuzz
 * suite's 2 s per request): they run alone, after the others. The others run two at a time: the
 * machine has two cores, and an end-to-end suite's system spends much of its time waiting.
 */
const TIMED_SPECS = [
  'tests/e2e/fuzz/',
  'tests/e2e/fresh-machine',
  'tests/e2e/broker-node-loss',
  'tests/e2e/scheduling',
  'tests/e2e/voice\\.e2e',
  'apps/gateway/src/http/',
  'apps/gateway/src/inapp/inapp-stream\\.int-spec',
  'apps/gateway/src/errors/unavailable-dependencies\\.int-spec',
  'libs/messaging/src/messaging\\.int-spec',
  'libs/messaging/src/client/jetstream-publisher\\.int-spec',
  'schedule-releaser\\.int-spec',
  'openai-realtime\\.model\\.spec',
].join('|');

/**
 * Specs that spend most of their time waiting out an outage they make (the database cut off for
 * longer than any retry window): they run in a Jest of their own beside the others from the
 * start, instead of holding one of the two workers while the second core idles (about two
 * minutes of CI).
 */
const WAITING_SPECS = 'tests/e2e/database-outage';

function step(title, command, args) {
  const started = Date.now();
  process.stderr.write(`\n== ${title}\n`);
  const result = spawnSync(command, args, { cwd: root, env, stdio: 'inherit' });
  process.stderr.write(
    `== ${title}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
  return result.status === 0;
}

/** As step, without blocking the event loop, so that steps side by side run meanwhile. */
function stepAsync(title, command, args) {
  const started = Date.now();
  process.stderr.write(`\n== ${title}\n`);
  return new Promise((settle) => {
    const child = spawn(command, args, { cwd: root, env, stdio: 'inherit' });
    const finish = (passed) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stderr.write(`== ${title}: ${passed ? 'ok' : 'FAILED'} in ${seconds} s\n`);
      settle(passed);
    };
    child.on('error', () => finish(false));
    child.on('close', (code) => finish(code === 0));
  });
}

/**
 * Runs independent checks side by side (each is one single-threaded process, the machine has two
 * cores), showing each one's output whole when it ends. With `niceness`, they run at that lower
 * priority: on what the processes beside them leave idle.
 */
async function stepsSideBySide(steps, { niceness = 0 } = {}) {
  const started = Date.now();
  const outcomes = await Promise.all(
    steps.map(
      ([title, command, args]) =>
        new Promise((settle) => {
          const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
          if (niceness !== 0 && child.pid !== undefined) setPriority(child.pid, niceness);
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          const finish = (passed) => {
            const seconds = ((Date.now() - started) / 1000).toFixed(1);
            process.stderr.write(`\n== ${title}\n`);
            process.stderr.write(Buffer.concat(output));
            process.stderr.write(`== ${title}: ${passed ? 'ok' : 'FAILED'} in ${seconds} s\n`);
            settle(passed);
          };
          child.on('error', (error) => {
            output.push(Buffer.from(`${error.message}\n`));
            finish(false);
          });
          child.on('close', (code) => finish(code === 0));
        }),
    ),
  );
  return outcomes.every(Boolean);
}

mkdirSync(dirname(resultsFiles[0]), { recursive: true });
// The build first: the specs start what it compiled.
if (!step('build', process.execPath, [join(root, 'tools/build.mjs')])) process.exit(1);
// PostgreSQL and NATS found or started once for every Jest below (each one's global setup then
// finds them), so that two can run at once and neither stops what the other uses.
const infra = await ensureInfrastructure({ root, log: (m) => process.stderr.write(`${m}\n`) });
Object.assign(env, { DATABASE_URL: infra.databaseUrl, NATS_URL: infra.natsUrl });
const [together, alone, waiting] = resultsFiles;
// The checks run beside the tests that tolerate load, at low priority: on the time the tests
// spend waiting for the systems they drive, instead of a minute of their own before them.
const [checked, passedTogether, passedWaiting] = await Promise.all([
  stepsSideBySide(
    [
      ['typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']],
      ['typecheck scripts', bin('tsc'), ['-p', 'tsconfig.scripts.json']],
      ['lint', process.execPath, [join(root, 'tools/lint.mjs')]],
      ['format', bin('prettier'), ['--check', '--log-level', 'warn', '.']],
    ],
    { niceness: 10 },
  ),
  stepAsync('tests, two at a time', bin('jest'), [
    '--maxWorkers=2',
    `--testPathIgnorePatterns=${TIMED_SPECS}|${WAITING_SPECS}`,
    '--json',
    `--outputFile=${together}`,
  ]),
  stepsSideBySide([
    [
      'tests that wait out an outage, beside them',
      bin('jest'),
      ['--runInBand', '--json', `--outputFile=${waiting}`, WAITING_SPECS],
    ],
  ]),
]);
const passedAlone = step('timed tests, one at a time', bin('jest'), [
  '--runInBand',
  '--json',
  `--outputFile=${alone}`,
  TIMED_SPECS,
]);
await infra.stop();
let [passedTests, failedTests] = [0, 0];
for (const file of resultsFiles) {
  try {
    const results = JSON.parse(readFileSync(file, 'utf8'));
    passedTests += results.numPassedTests;
    failedTests += results.numFailedTests;
  } catch {
    failedTests += 1;
  }
}
process.stdout.write(`\n${passedTests} passed, ${failedTests} failed\n`);
process.exit(checked && passedTogether && passedWaiting && passedAlone ? 0 : 1);
