#!/usr/bin/env node
// Compiles every app and lib (or only the roots given as arguments) with SWC into dist/,
// keeping the source layout and rewriting @clarion/* aliases to relative requires.
// Type checking is `npm run typecheck`; this step only transpiles, so it takes a second or two.
// The browser libraries (the embeddable inbox) are Vite's, in tools/build-inbox.mjs, run after.
import { readFile, readdir, stat, mkdir, writeFile, rm } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import swc from '@swc/core';
import { BROWSER_LIBS, buildInbox } from './build-inbox.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'dist');
// Specs, and the loopback provider peers under test-peers/ that only specs use.
const isTestFile = (file) =>
  /\.(spec|int-spec|e2e-spec)\.ts$/.test(file) || /[\\/]test-peers[\\/]/.test(file);

async function listSources(dir) {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return listSources(path);
      return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') && !isTestFile(path)
        ? [path]
        : [];
    }),
  );
  return nested.flat();
}

async function projectRoots(requested) {
  if (requested.length > 0) return requested.map((r) => join(root, r));
  const groups = await Promise.all(
    ['apps', 'libs'].map(async (group) =>
      (await readdir(join(root, group), { withFileTypes: true }))
        .filter((e) => e.isDirectory() && !BROWSER_LIBS.includes(`${group}/${e.name}`))
        .map((e) => join(root, group, e.name)),
    ),
  );
  return groups.flat();
}

async function swcOptions() {
  const tsconfig = JSON.parse(await readFile(join(root, 'tsconfig.base.json'), 'utf8'));
  return {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
      baseUrl: root,
      paths: tsconfig.compilerOptions.paths,
    },
    module: { type: 'commonjs' },
    sourceMaps: true,
    swcrc: false,
  };
}

async function isFresh(source, target) {
  const [s, t] = await Promise.all([stat(source), stat(target).catch(() => undefined)]);
  return t !== undefined && t.mtimeMs >= s.mtimeMs;
}

async function compile(source, options) {
  const target = join(outDir, relative(root, source)).replace(/\.ts$/, '.js');
  if (await isFresh(source, target)) return false;
  const output = await swc.transformFile(source, {
    ...options,
    filename: source,
    outputPath: target,
  });
  await mkdir(dirname(target), { recursive: true });
  const mapName = `${target.split('/').pop()}.map`;
  await writeFile(target, `${output.code}\n//# sourceMappingURL=${mapName}\n`);
  if (output.map) await writeFile(`${target}.map`, output.map);
  return true;
}

async function removeStaleOutputs(projectRoot, sources) {
  const expected = new Set(
    sources.map((s) => join(outDir, relative(root, s)).replace(/\.ts$/, '.js')),
  );
  const outputs = await listOutputs(join(outDir, relative(root, projectRoot)));
  await Promise.all(outputs.filter((o) => !expected.has(o)).map((o) => rm(o, { force: true })));
}

async function listOutputs(dir) {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries.map((e) =>
      e.isDirectory()
        ? listOutputs(join(dir, e.name))
        : e.name.endsWith('.js')
          ? [join(dir, e.name)]
          : [],
    ),
  );
  return nested.flat();
}

const started = Date.now();
const options = await swcOptions();
let compiled = 0;
for (const projectRoot of await projectRoots(process.argv.slice(2))) {
  const sources = await listSources(join(projectRoot, 'src'));
  const results = await Promise.all(sources.map((s) => compile(s, options)));
  compiled += results.filter(Boolean).length;
  await removeStaleOutputs(projectRoot, sources);
}
console.error(`build: ${compiled} file(s) compiled in ${Date.now() - started} ms`);
if (process.argv.length <= 2) {
  const inboxStarted = Date.now();
  const built = await buildInbox();
  console.error(
    `build: inbox ${built ? 'built' : 'up to date'} in ${Date.now() - inboxStarted} ms`,
  );
}
