import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runWithToolModule } from './run-tool-module';

const POSTGRES = { uid: 101, gid: 104 };

/** A file system of folders: path → mode and owner; everything else does not exist. */
const FOLDERS = {
  '/': { mode: 0o755, uid: 0, gid: 0 },
  '/root': { mode: 0o700, uid: 0, gid: 0 },
  '/root/clarion': { mode: 0o755, uid: 0, gid: 0 },
  '/srv': { mode: 0o755, uid: 0, gid: 0 },
  '/srv/clarion': { mode: 0o750, uid: 0, gid: POSTGRES.gid },
  '/srv/private': { mode: 0o750, uid: 0, gid: 0 },
  '/var': { mode: 0o755, uid: 0, gid: 0 },
  '/var/lib': { mode: 0o755, uid: 0, gid: 0 },
  '/var/lib/clarion': { mode: 0o700, uid: POSTGRES.uid, gid: 0 },
};
const FAKE_STAT = `
  const folders = ${JSON.stringify(FOLDERS)};
  const stat = (path) => {
    if (!folders[path]) throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
    return folders[path];
  };
  const user = ${JSON.stringify(POSTGRES)};
  const outcome = (act) => {
    try {
      return { value: act() ?? null };
    } catch (error) {
      return { error: error.message };
    }
  };`;

function firstFolderClosedTo(path: string): string | null {
  return runWithToolModule<{ value: string | null }>(
    'infra-preconditions.mjs',
    ['firstFolderClosedTo'],
    `${FAKE_STAT}
    process.stdout.write(JSON.stringify(outcome(() => firstFolderClosedTo(${JSON.stringify(path)}, user, stat))));`,
  ).value;
}

function reachError(binaries: string, dataDir: string): string | undefined {
  return runWithToolModule<{ error?: string }>(
    'infra-preconditions.mjs',
    ['assertPostgresUserReaches'],
    `${FAKE_STAT}
    process.stdout.write(JSON.stringify(outcome(() => assertPostgresUserReaches({
      binaries: ${JSON.stringify(binaries)}, dataDir: ${JSON.stringify(dataDir)}, user, stat,
    }))));`,
  ).error;
}

describe('preconditions of the servers npm start starts', () => {
  it('finds the first folder the postgres user cannot enter, by owner, group and other bits', () => {
    expect(firstFolderClosedTo('/root/clarion/node_modules')).toBe('/root');
    expect(firstFolderClosedTo('/srv/clarion/.data/postgres')).toBeNull();
    expect(firstFolderClosedTo('/srv/private/.data')).toBe('/srv/private');
    expect(firstFolderClosedTo('/var/lib/clarion/postgres')).toBeNull();
  });

  it('says to move the checkout when the postgres user cannot run the binaries in it', () => {
    const error = reachError('/root/clarion/node_modules/pg/bin', '/var/lib/clarion/postgres');
    expect(error).toContain('cannot enter /root and so cannot run its binaries');
    expect(error).toContain('under /opt or /srv');
    expect(error).toContain('DATABASE_URL');
  });

  it('says to set CLARION_DATA_DIR when only the data folder is out of its reach', () => {
    const error = reachError('/srv/clarion/node_modules/pg/bin', '/root/clarion/.data/postgres');
    expect(error).toContain('cannot enter /root and so cannot reach its data');
    expect(error).toContain('set CLARION_DATA_DIR');
    expect(reachError('/srv/clarion/node_modules/pg/bin', '/srv/clarion/.data/postgres')).toBe(
      undefined,
    );
  });

  it('says how to create the postgres user when root has none, and needs none otherwise', () => {
    const outcome = runWithToolModule<{ asRoot: string; asUser: null }>(
      'infra-preconditions.mjs',
      ['postgresServerUser'],
      `let asRoot;
      try { postgresServerUser({ isRoot: true, lookUp: () => undefined }); } catch (e) { asRoot = e.message; }
      const asUser = postgresServerUser({ isRoot: false, lookUp: () => { throw new Error('asked'); } }) ?? null;
      process.stdout.write(JSON.stringify({ asRoot, asUser }));`,
    );
    expect(outcome.asRoot).toContain('useradd --system --user-group postgres');
    expect(outcome.asRoot).not.toContain('\n');
    expect(outcome.asUser).toBeNull();
  });

  it('finds nats-server only as an executable file on PATH or in sbin, and otherwise says how to get it', () => {
    const folder = mkdtempSync(join(tmpdir(), 'clarion-path-'));
    try {
      const outcome = (): { found?: string; error?: string } =>
        runWithToolModule(
          'infra-preconditions.mjs',
          ['natsServerBinary'],
          `
          let result;
          try { result = { found: natsServerBinary('nats://127.0.0.1:4222', ${JSON.stringify(folder)}, []) }; }
          catch (error) { result = { error: error.message }; }
          process.stdout.write(JSON.stringify(result));`,
        );
      expect(outcome().error).toMatch(
        /nats-server is not on PATH: install it .* or set NATS_URL\.$/,
      );

      writeFileSync(join(folder, 'nats-server'), '#!/bin/sh\n');
      expect(outcome().error).toContain('not on PATH');
      chmodSync(join(folder, 'nats-server'), 0o755);
      expect(outcome().found).toBe(join(folder, 'nats-server'));

      const inServerFolder = runWithToolModule<string>(
        'infra-preconditions.mjs',
        ['natsServerBinary'],
        `process.stdout.write(JSON.stringify(natsServerBinary('nats://127.0.0.1:4222', '/nowhere', [${JSON.stringify(folder)}])));`,
      );
      expect(inServerFolder).toBe(join(folder, 'nats-server'));
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
