#!/usr/bin/env node
// Builds the embeddable inbox (libs/inbox, libs/inbox-react) with Vite into dist/inbox/: the
// element as an ES module and an IIFE for a plain <script>, the service worker, the React
// components, and their declarations (emitting them is also these libraries' type check, since
// the root tsconfig leaves them out for their DOM and JSX settings). Skipped while nothing changed.
import { spawnSync } from 'node:child_process';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'dist', 'inbox');
const stampFile = join(outDir, '.build-stamp');
/** The libraries this step builds; tools/build.mjs leaves them to it. */
export const BROWSER_LIBS = ['libs/inbox', 'libs/inbox-react'];

async function newestChange(path) {
  const info = await stat(path).catch(() => undefined);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  const entries = await readdir(path);
  const times = await Promise.all(entries.map((entry) => newestChange(join(path, entry))));
  return Math.max(info.mtimeMs, ...times);
}

async function isFresh() {
  const built = (await stat(stampFile).catch(() => undefined))?.mtimeMs ?? -1;
  const inputs = [fileURLToPath(import.meta.url), ...BROWSER_LIBS.map((lib) => join(root, lib))];
  const changed = Math.max(...(await Promise.all(inputs.map(newestChange))));
  return built >= changed;
}

async function bundle(vite, react) {
  const alias = { '@clarion/inbox': join(root, 'libs/inbox/src/index.ts') };
  const common = { configFile: false, logLevel: 'warn', root, resolve: { alias } };
  const library = (entry, formats, fileName, extra = {}) =>
    vite.build({
      ...common,
      ...extra,
      build: {
        outDir,
        emptyOutDir: false,
        // Maps for developers and error trackers; the bundles do not name them, and the gateway
        // never serves them (they would publish the sources).
        sourcemap: 'hidden',
        minify: true,
        target: 'es2020',
        lib: { entry: join(root, entry), formats, name: 'ClarionInbox', fileName },
        ...extra.build,
      },
    });
  await library('libs/inbox/src/index.ts', ['es', 'iife'], (format) =>
    format === 'es' ? 'clarion-inbox.js' : 'clarion-inbox.iife.js',
  );
  await library('libs/inbox/src/service-worker/clarion-sw.ts', ['iife'], () => 'clarion-sw.js');
  await library('libs/inbox-react/src/index.ts', ['es'], () => 'clarion-inbox-react.js', {
    plugins: [react()],
    build: {
      rolldownOptions: {
        external: ['react', 'react-dom', 'react/jsx-runtime', '@clarion/inbox'],
        // The React build shares the element's module instead of carrying a second copy.
        output: { paths: { '@clarion/inbox': './clarion-inbox.js' } },
      },
    },
  });
}

async function declarations() {
  const typesDir = join(outDir, 'types');
  await rm(typesDir, { recursive: true, force: true });
  const tsc = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules/typescript/bin/tsc'),
      ...['-p', join(root, 'libs/inbox-react/tsconfig.json'), '--noEmit', 'false'],
      ...['--declaration', '--emitDeclarationOnly', '--rootDir', join(root, 'libs')],
      ...['--outDir', typesDir],
    ],
    { cwd: root, stdio: 'inherit' },
  );
  if (tsc.status !== 0) throw new Error('build-inbox: the inbox libraries do not type-check');
  // The specs are type-checked with the rest; their declarations are not shipped.
  await removeSpecDeclarations(typesDir);
  await writeFile(join(outDir, 'clarion-inbox.d.ts'), "export * from './types/inbox/src/index';\n");
  await writeFile(
    join(outDir, 'clarion-inbox-react.d.ts'),
    "export * from './types/inbox-react/src/index';\n",
  );
  // In dist the React declarations name the element's module by its path, as the bundle does.
  const reactTypes = join(typesDir, 'inbox-react/src');
  for (const file of await readdir(reactTypes)) {
    const path = join(reactTypes, file);
    const text = await readFile(path, 'utf8');
    await writeFile(path, text.replaceAll("'@clarion/inbox'", "'../../inbox/src/index'"));
  }
}

async function removeSpecDeclarations(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await removeSpecDeclarations(path);
    else if (entry.name.endsWith('.spec.d.ts')) await rm(path);
  }
}

/** Builds dist/inbox unless it is newer than every source; answers whether it built. */
export async function buildInbox() {
  if (await isFresh()) return false;
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const [vite, { default: react }] = await Promise.all([
    import('vite'),
    import('@vitejs/plugin-react'),
  ]);
  await bundle(vite, react);
  await declarations();
  await writeFile(stampFile, new Date().toISOString());
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const built = await buildInbox();
  console.error(`build-inbox: ${built ? 'built' : 'up to date'} in ${Date.now() - started} ms`);
}
