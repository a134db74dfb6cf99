#!/usr/bin/env node
// `npm run lint`: ESLint over the workspace, with the Nx project graph built first. The module
// boundary rule (@nx/enforce-module-boundaries) reads that graph; without it the rule only warns
// that it cannot run and checks nothing, so a lint that cannot build the graph fails instead.
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' };

const graph = spawnSync(bin('nx'), ['show', 'projects'], {
  cwd: root,
  env,
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (graph.status !== 0) {
  process.stderr.write(
    'lint: the Nx project graph could not be built, so module boundaries could not be checked\n',
  );
  process.exit(graph.status ?? 1);
}
const lint = spawnSync(bin('eslint'), ['.', '--max-warnings', '0', ...process.argv.slice(2)], {
  cwd: root,
  env,
  stdio: 'inherit',
});
process.exit(lint.status ?? 1);
