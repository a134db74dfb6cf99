#!/usr/bin/env node
// A Prometheus for a system started with `npm start`: writes a scrape configuration with one job
// per service (named after it, as in compose) at the health port tools/start.mjs gives it
// (HEALTH_PORT_BASE + its index - 1), then runs Debian's prometheus on it in the foreground.
//   node tools/dashboard/prometheus-local.mjs [--port 9091] [--dir .data/prometheus] [--config-only]
// HEALTH_PORT_BASE as given to `npm start` (3101 by default). Ctrl-C stops it.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const { values: options } = parseArgs({
  options: {
    port: { type: 'string', default: '9091' },
    dir: { type: 'string', default: join(root, '.data/prometheus') },
    'scrape-interval': { type: 'string', default: '5s' },
    'config-only': { type: 'boolean', default: false },
  },
});

// The one list of services, in start order, from the build `npm start` made (as start.mjs does).
const serviceNames = join(root, 'dist/libs/contracts/src/common/service-name.js');
if (!existsSync(serviceNames)) {
  process.stderr.write('Build first: node tools/build.mjs (npm start does).\n');
  process.exit(1);
}
const { SERVICE_NAMES } = createRequire(import.meta.url)(serviceNames);
const healthPortBase = Number(process.env.HEALTH_PORT_BASE || 3101);

/** The configuration as YAML; every value is a plain word or a quoted string. */
function scrapeConfig(services, base, interval) {
  const jobs = services.map(
    (service, index) =>
      `  - job_name: ${service}\n    static_configs: [{ targets: ['127.0.0.1:${base + index - 1}'] }]`,
  );
  return `global:\n  scrape_interval: ${interval}\n  evaluation_interval: ${interval}\nscrape_configs:\n${jobs.join('\n')}\n`;
}

mkdirSync(join(options.dir, 'data'), { recursive: true });
const configFile = join(options.dir, 'prometheus.yml');
writeFileSync(configFile, scrapeConfig(SERVICE_NAMES, healthPortBase, options['scrape-interval']));
process.stderr.write(`wrote ${configFile}\n`);
if (options['config-only']) process.exit(0);

const listen = `127.0.0.1:${options.port}`;
process.stderr.write(
  `prometheus on http://${listen} — then: node tools/dashboard/render.mjs --prometheus http://${listen} --out dashboard.png\n`,
);
const prometheus = spawn(
  'prometheus',
  [
    `--config.file=${configFile}`,
    `--storage.tsdb.path=${join(options.dir, 'data')}`,
    `--web.listen-address=${listen}`,
  ],
  { stdio: 'inherit' },
);
prometheus.on('error', (error) => {
  process.stderr.write(`${error.message}: install it with apt-get install -y prometheus\n`);
  process.exit(1);
});
prometheus.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM']))
  process.on(signal, () => prometheus.kill(signal));
