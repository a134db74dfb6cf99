import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, resolve } from 'node:path';

export const ROOT = resolve(__dirname, '../..');

interface LockEntry {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

export interface PrunedImage {
  readonly dir: string;
  readonly manifest: { dependencies: Record<string, string> };
  readonly lock: { packages: Record<string, LockEntry> };
}

/** Runs tools/image/prune.mjs for one service and reads what it wrote. */
export function pruneImage(service: string): PrunedImage {
  if (!existsSync(join(ROOT, 'dist/apps', service, 'src/main.js')))
    throw new Error('dist/ is missing: run node tools/build.mjs first');
  execFileSync(process.execPath, [join(ROOT, 'tools/image/prune.mjs'), service], {
    cwd: ROOT,
    stdio: 'pipe',
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
  });
  const dir = join(ROOT, 'dist/images', service);
  const read = (file: string): unknown => JSON.parse(readFileSync(join(dir, file), 'utf8'));
  return {
    dir,
    manifest: read('package.json') as PrunedImage['manifest'],
    lock: read('package-lock.json') as PrunedImage['lock'],
  };
}

export function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? listFiles(path) : [path];
  });
}

const BUILTINS = new Set(builtinModules);
const isBuiltin = (specifier: string) =>
  specifier.startsWith('node:') || BUILTINS.has(specifier.split('/')[0] ?? specifier);

/** `@scope/name/deep` → `@scope/name`, `name/deep` → `name`. */
export function packageNameOf(specifier: string): string {
  const parts = specifier.split('/');
  return (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

function resolvesToFile(path: string): boolean {
  const candidates = [path, `${path}.js`, `${path}.json`, join(path, 'index.js')];
  return candidates.some((c) => existsSync(c) && statSync(c).isFile());
}

/**
 * Every `require()` of every copied file that the image could not satisfy: a relative one whose
 * file was not copied, or a package that is neither built in nor a dependency of the manifest.
 */
export function unresolvedRequires(image: PrunedImage): string[] {
  const problems: string[] = [];
  for (const file of listFiles(join(image.dir, 'dist')).filter((f) => f.endsWith('.js'))) {
    const source = readFileSync(file, 'utf8');
    for (const [, specifier = ''] of source.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)) {
      const ok = specifier.startsWith('.')
        ? resolvesToFile(resolve(dirname(file), specifier))
        : isBuiltin(specifier) || packageNameOf(specifier) in image.manifest.dependencies;
      if (!ok) problems.push(`${file.slice(image.dir.length + 1)}: ${specifier}`);
    }
  }
  return problems;
}

/** Where Node would find `name` from the package installed at `from` (a lockfile key). */
function lockedLocation(lock: PrunedImage['lock'], from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const key = base === '' ? `node_modules/${name}` : `${base}/node_modules/${name}`;
    if (lock.packages[key]) return key;
    if (base === '') return undefined;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent < 0 ? '' : base.slice(0, parent);
  }
}

/**
 * What `npm ci --omit=dev` from the pruned lockfile would leave unresolvable: a package one of the
 * installed packages needs (a dependency or a required peer) that the lockfile does not hold where
 * Node looks for it, or holds only as a dev package.
 */
export function unresolvedLockedPackages(image: PrunedImage): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  const visit = (from: string, name: string, optional: boolean) => {
    const at = lockedLocation(image.lock, from, name);
    if (!at) {
      if (!optional) problems.push(`${from || '(root)'} needs ${name}`);
      return;
    }
    if (image.lock.packages[at]?.dev) problems.push(`${at} is a dev package`);
    if (seen.has(at)) return;
    seen.add(at);
    const entry = image.lock.packages[at] ?? {};
    for (const dep of Object.keys(entry.dependencies ?? {})) visit(at, dep, false);
    for (const dep of Object.keys(entry.optionalDependencies ?? {})) visit(at, dep, true);
    for (const dep of Object.keys(entry.peerDependencies ?? {}))
      visit(at, dep, entry.peerDependenciesMeta?.[dep]?.optional === true);
  };
  for (const dep of Object.keys(image.manifest.dependencies)) visit('', dep, false);
  return problems;
}
