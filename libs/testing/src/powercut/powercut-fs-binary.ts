import { aptInstall } from '../apt-install';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..', '..');
const SOURCE_DIR = join(ROOT, 'tools', 'powercut-fs');
const CACHE_DIR = join(ROOT, 'node_modules', '.cache', 'powercut-fs');
const COMPILER_FLAGS = ['-std=gnu11', '-O2', '-Wall', '-Wextra', '-D_FILE_OFFSET_BITS=64'];
/** Debian's packages of what building and mounting it takes. */
const PACKAGES = ['gcc', 'libc6-dev', 'libfuse3-dev', 'fuse3', 'pkg-config'];

/**
 * tools/powercut-fs compiled with `cc` against libfuse3, into node_modules/.cache/powercut-fs
 * under a hash of its source: built again only when the source changes. Installs the packages
 * it needs when they are missing (.ci/run installs them before the network goes), and fails
 * saying what is missing otherwise.
 */
export function powercutFsBinary(): string {
  const sources = readdirSync(SOURCE_DIR)
    .filter((name) => /\.[ch]$/.test(name))
    .sort();
  const hash = createHash('sha256').update(COMPILER_FLAGS.join(' '));
  for (const name of sources) hash.update(name).update(readFileSync(join(SOURCE_DIR, name)));
  const binary = join(CACHE_DIR, hash.digest('hex').slice(0, 16), 'powercut-fs');
  if (existsSync(binary)) return binary;

  ensureFusePackages();
  const fuse = (flag: string) =>
    execFileSync('pkg-config', [flag, 'fuse3'], { encoding: 'utf8' }).trim().split(/\s+/);
  mkdirSync(dirname(binary), { recursive: true });
  // Built beside its place and renamed into it: test files building it at once never run a
  // half-written binary.
  const building = `${binary}.${process.pid}`;
  const cFiles = sources
    .filter((name) => name.endsWith('.c'))
    .map((name) => join(SOURCE_DIR, name));
  try {
    execFileSync(
      'cc',
      [...COMPILER_FLAGS, ...fuse('--cflags'), ...cFiles, '-o', building, ...fuse('--libs')],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? String(error);
    throw new Error(`cc could not build tools/powercut-fs:\n${stderr}`);
  }
  renameSync(building, binary);
  return binary;
}

function missingTools(): string[] {
  const missing: string[] = [];
  const runs = (command: string, args: string[]) => {
    try {
      execFileSync(command, args, { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  };
  if (!runs('cc', ['--version'])) missing.push('a C compiler (cc)');
  if (!runs('pkg-config', ['--exists', 'fuse3'])) missing.push('libfuse3-dev and pkg-config');
  if (!runs('fusermount3', ['--version'])) missing.push('fusermount3 (fuse3)');
  return missing;
}

/** Like the browser specs' chromium: apt-get installs what is missing, or the spec fails. */
function ensureFusePackages(): void {
  if (missingTools().length === 0) return;
  try {
    aptInstall(PACKAGES);
  } catch {
    // Said below, with what is still missing.
  }
  const missing = missingTools();
  if (missing.length > 0) {
    throw new Error(
      `powercut-fs cannot be built: ${missing.join(', ')} missing. Install them with ` +
        `apt-get install -y ${PACKAGES.join(' ')} (.ci/run does).`,
    );
  }
}
