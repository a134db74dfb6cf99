#!/usr/bin/env node
// Renders the Grafana dashboard against a running Prometheus, without Grafana: runs every
// panel's queries over the last minutes, draws the panels as HTML and SVG, and screenshots the
// page in Debian's chromium.
//   node tools/dashboard/render.mjs --prometheus http://127.0.0.1:9091 --out dashboard.png
// Options: --minutes 15, --scrape-interval 5 (seconds, for $__rate_interval), --job 'gateway|logs'
// (the service variable; all by default), --dashboard <clarion.json>, --html <page.html>.
// Exits 1 when Prometheus refused a query (the panel shows the error too).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { dashboardHtml } from './draw.mjs';
import { panelSeries, timeWindow, variablesOf } from './prometheus-queries.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const { values: options } = parseArgs({
  options: {
    prometheus: { type: 'string' },
    out: { type: 'string' },
    html: { type: 'string' },
    dashboard: {
      type: 'string',
      default: join(root, 'deploy/observability/grafana/dashboards/clarion.json'),
    },
    minutes: { type: 'string', default: '15' },
    'scrape-interval': { type: 'string', default: '5' },
    job: { type: 'string' },
  },
});
if (!options.prometheus || !options.out) {
  process.stderr.write('usage: render.mjs --prometheus http://HOST:PORT --out dashboard.png\n');
  process.exit(2);
}

const dashboard = JSON.parse(readFileSync(options.dashboard, 'utf8'));
const window = timeWindow({
  minutes: Number(options.minutes),
  scrapeSeconds: Number(options['scrape-interval']),
});
const chosen = options.job ? { job: options.job } : {};
const variables = await variablesOf(dashboard, options.prometheus, window, chosen);
const results = new Map();
for (const panel of dashboard.panels.filter((p) => p.type !== 'row'))
  results.set(panel.id, await panelSeries(options.prometheus, panel, variables, window));

const filters = Object.entries(variables).map(([name, value]) => `${name}=~"${value}"`);
const until = new Date(window.end * 1000).toISOString();
const subtitle = `${options.prometheus}: the ${options.minutes} min to ${until}, ${filters.join(' ')}`;
const html = dashboardHtml(dashboard, results, window, subtitle);
if (options.html) writeFileSync(options.html, html);

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(executablePath)) {
  process.stderr.write(`${executablePath} is missing: apt-get install -y chromium\n`);
  process.exit(1);
}
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ viewport: { width: 1632, height: 200 } });
  await page.setContent(html);
  await page.screenshot({ path: options.out, fullPage: true });
} finally {
  await browser.close();
}

const failed = [...results.values()].flatMap((result) => result.errors);
const empty = [...results].filter(([, r]) => !r.series.length && !r.errors.length);
const titles = empty.map(([id]) => dashboard.panels.find((panel) => panel.id === id).title);
process.stderr.write(`${options.out}: ${results.size} panels, ${empty.length} without data`);
process.stderr.write(
  `${titles.length ? ` (${titles.join(', ')})` : ''}, ${failed.length} refused\n`,
);
for (const error of failed) process.stderr.write(`  ${error}\n`);
process.exit(failed.length ? 1 : 0);
