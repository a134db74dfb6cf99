import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '../eventually';
import { powercutFsBinary } from './powercut-fs-binary';

/** Writes, the bytes they carried and the files they were in (tools/powercut-fs/README.md). */
export interface WriteCounts {
  files: number;
  writes: number;
  bytes: number;
}

/** What the control file answers. */
export interface PowercutStats {
  /** Written and not synced: what a cut now would drop. */
  pending: WriteCounts;
  synced: WriteCounts;
  dropped: WriteCounts;
  /** What the last `clear-cache` dropped. */
  lastCut: WriteCounts;
  cuts: number;
  fsyncs: number;
}

/** Each mount's folder is <tmpdir>/powercut-fs-<pid of the test process>-<random>. */
const FOLDER_PREFIX = 'powercut-fs-';
const FILE_SYSTEM_TYPE = 'fuse.powercut-fs';

/**
 * A powercut-fs mount for one test: writes not synced are kept in the file system's memory
 * until `clearCache()` drops them, as a power cut would (tools/powercut-fs/README.md). Runs as
 * root (FUSE's allow_other, so servers running as other users can use it).
 */
export class PowercutMount {
  private constructor(
    /** The mount's own folder: `backing` (where synced data lives) and `mount` beside it. */
    readonly folder: string,
    private readonly daemon: ChildProcess,
  ) {}

  /** Where programs keep their data. */
  get path(): string {
    return join(this.folder, 'mount');
  }

  /** What the mount shows, without what is not synced: a data folder placed here is durable. */
  get backingPath(): string {
    return join(this.folder, 'backing');
  }

  private get controlFile(): string {
    return join(this.path, '.powercut');
  }

  static async mount(): Promise<PowercutMount> {
    if (process.getuid?.() !== 0) {
      throw new Error(
        'powercut-fs mounts a FUSE file system for servers of other users: run as root',
      );
    }
    if (!existsSync('/dev/fuse')) throw new Error('powercut-fs needs /dev/fuse, which is missing');
    removeStaleMounts();
    const binary = powercutFsBinary();
    const folder = join(
      tmpdir(),
      `${FOLDER_PREFIX}${process.pid}-${randomBytes(4).toString('hex')}`,
    );
    for (const path of [folder, join(folder, 'backing'), join(folder, 'mount')]) {
      mkdirSync(path);
      // Servers running as their own users (postgres) must reach their data below it.
      chmodSync(path, 0o755);
    }
    // Its output goes to a file, never to a pipe of this process: a test blocked in a
    // synchronous call on the mount would not read the pipe, and a full one would block the
    // file system answering that very call.
    const logFile = join(folder, 'powercut-fs.log');
    const log = openSync(logFile, 'a');
    const daemon = spawn(
      binary,
      [
        join(folder, 'backing'),
        join(folder, 'mount'),
        '-f',
        '-o',
        'allow_other,default_permissions,auto_unmount,max_threads=16',
      ],
      { stdio: ['ignore', log, log] },
    );
    closeSync(log);
    const mount = new PowercutMount(folder, daemon);
    await eventually(
      () => {
        if (daemon.exitCode !== null) throw new Error(`powercut-fs exited: ${mount.log}`);
        return existsSync(mount.controlFile) ? true : undefined;
      },
      { timeoutMs: 10_000, intervalMs: 20 },
    ).catch(async (error: unknown) => {
      await mount.unmount();
      throw new Error(`powercut-fs did not mount: ${String(error)}`);
    });
    return mount;
  }

  stats(): PowercutStats {
    return JSON.parse(readFileSync(this.controlFile, 'utf8')) as PowercutStats;
  }

  /** The power cut: drops every write not synced; answers what it dropped. */
  clearCache(): WriteCounts {
    writeFileSync(this.controlFile, 'clear-cache\n');
    return this.stats().lastCut;
  }

  /** Syncs every write, as if each file had been fsynced. */
  checkpoint(): void {
    writeFileSync(this.controlFile, 'checkpoint\n');
  }

  /** What the file system printed (a line per command). */
  get log(): string {
    try {
      return readFileSync(join(this.folder, 'powercut-fs.log'), 'utf8');
    } catch {
      return '';
    }
  }

  /** Unmounts (lazily if something still holds a file) and removes the mount's folder. */
  async unmount(): Promise<void> {
    if (mountPoints().includes(this.path)) {
      const unmounted = spawnSync('fusermount3', ['-u', this.path]);
      if (unmounted.status !== 0) spawnSync('fusermount3', ['-u', '-z', this.path]);
    }
    if (this.daemon.exitCode === null && this.daemon.signalCode === null) {
      const exited = new Promise((resolve) => this.daemon.once('exit', resolve));
      const timer = setTimeout(() => this.daemon.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    if (!mountPoints().includes(this.path)) rmSync(this.folder, { recursive: true, force: true });
  }
}

/** The powercut-fs mount points of this machine. */
function mountPoints(): string[] {
  return readFileSync('/proc/self/mountinfo', 'utf8')
    .split('\n')
    .map((line) => line.split(' '))
    .filter((fields) => fields[fields.indexOf('-') + 1] === FILE_SYSTEM_TYPE)
    .map((fields) => unescapeMountPath(fields[4] ?? ''));
}

/** mountinfo writes a space, tab, newline and backslash of a path as octal escapes. */
function unescapeMountPath(path: string): string {
  return path.replace(/\\([0-7]{3})/g, (_, octal: string) =>
    String.fromCharCode(parseInt(octal, 8)),
  );
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Mounts and folders a test process left behind when it died without its teardown: the pid in
 * the folder's name is gone. Mounts of live test processes (another run) are left alone.
 */
function removeStaleMounts(): void {
  const stale = readdirSync(tmpdir())
    .map((name) => ({ name, owner: /^powercut-fs-(\d+)-/.exec(name)?.[1] }))
    .filter(({ owner }) => owner !== undefined && !isAlive(Number(owner)))
    .map(({ name }) => join(tmpdir(), name));
  for (const folder of stale) {
    const mountPoint = join(folder, 'mount');
    if (mountPoints().includes(mountPoint)) spawnSync('fusermount3', ['-u', '-z', mountPoint]);
    if (!mountPoints().includes(mountPoint)) rmSync(folder, { recursive: true, force: true });
  }
}
