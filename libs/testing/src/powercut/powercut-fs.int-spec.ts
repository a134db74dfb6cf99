import {
  closeSync,
  constants,
  existsSync,
  fsyncSync,
  ftruncateSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  truncateSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { PowercutMount } from './powercut-mount';

describe('powercut-fs: writes are kept until fsync, and a cut drops the rest', () => {
  let mount: PowercutMount;
  const file = (name: string) => join(mount.path, name);
  /** Writes `parts` in turn to a file opened with `flags`, fsyncing after those marked. */
  const write = (name: string, parts: (string | { fsync: true })[], flags = 'w') => {
    const fd = openSync(file(name), flags);
    for (const part of parts) {
      if (typeof part === 'string') writeSync(fd, part);
      else fsyncSync(fd);
    }
    closeSync(fd);
  };
  const read = (name: string) => readFileSync(file(name), 'utf8');

  // The first mount builds powercut-fs (cc), which a loaded machine may take a while over.
  beforeAll(async () => {
    mount = await PowercutMount.mount();
  }, 120_000);
  afterAll(() => mount?.unmount());

  it('shows a write that was never synced, and a cut drops it (the file itself stays)', () => {
    write('unsynced', ['lost at the cut']);
    expect(read('unsynced')).toBe('lost at the cut');
    expect(statSync(file('unsynced')).size).toBe(15);
    expect(readFileSync(join(mount.backingPath, 'unsynced'), 'utf8')).toBe('');
    expect(mount.stats().pending).toEqual({ files: 1, writes: 1, bytes: 15 });

    expect(mount.clearCache()).toEqual({ files: 1, writes: 1, bytes: 15 });

    expect(read('unsynced')).toBe('');
    expect(mount.stats().pending).toEqual({ files: 0, writes: 0, bytes: 0 });
  });

  it('keeps what was fsynced and drops only what came after it', () => {
    write('synced', ['kept', { fsync: true }, ', and not this']);
    expect(read('synced')).toBe('kept, and not this');

    mount.clearCache();

    expect(read('synced')).toBe('kept');
  });

  it('keeps the unsynced writes of a renamed file, synced under its new name', () => {
    write('draft', ['moved before its fsync']);
    renameSync(file('draft'), file('final'));
    expect(read('final')).toBe('moved before its fsync');
    write('final', [{ fsync: true }], 'r');
    write('renamed-unsynced', ['gone']);
    renameSync(file('renamed-unsynced'), file('renamed-over'));

    mount.clearCache();

    expect(existsSync(file('draft'))).toBe(false);
    expect(read('final')).toBe('moved before its fsync');
    expect(read('renamed-over')).toBe('');
  });

  it('applies a truncate at once, cutting the unsynced writes beyond it', () => {
    write('cut', ['0123456789', { fsync: true }]);
    const fd = openSync(file('cut'), 'r+');
    writeSync(fd, 'abcdefghijklmnop', 0);
    ftruncateSync(fd, 12);
    expect(read('cut')).toBe('abcdefghijkl');
    ftruncateSync(fd, 14);
    expect(read('cut')).toBe('abcdefghijkl\0\0');
    closeSync(fd);
    write('shrunk', ['a synced text', { fsync: true }]);
    truncateSync(file('shrunk'), 8);

    mount.clearCache();

    // The truncates were durable; the unsynced writes were not, so the synced text shows again.
    expect(read('cut')).toBe('0123456789\0\0\0\0');
    expect(read('shrunk')).toBe('a synced');
  });

  it('reads unsynced writes over the synced file, and past its end', () => {
    write('overlay', ['x'.repeat(10_000), { fsync: true }]);
    const fd = openSync(file('overlay'), 'r+');
    writeSync(fd, 'MIDDLE', 4_094);
    writeSync(fd, 'END', 12_000);
    closeSync(fd);
    const seen = read('overlay');
    expect(seen.length).toBe(12_003);
    expect(seen.slice(4_090, 4_102)).toBe('xxxxMIDDLExx');
    expect(seen.slice(9_998, 10_002)).toBe('xx\0\0');
    expect(seen.slice(11_999)).toBe('\0END');

    mount.clearCache();

    expect(read('overlay')).toBe('x'.repeat(10_000));
  });

  it('makes O_DSYNC writes durable as they return, and appends at the end unsynced writes made', () => {
    const fd = openSync(file('dsync'), constants.O_CREAT | constants.O_WRONLY | constants.O_DSYNC);
    writeSync(fd, 'durable at once');
    closeSync(fd);
    write('appended', ['first ']);
    write('appended', ['second'], 'a');
    expect(read('appended')).toBe('first second');

    mount.clearCache();

    expect(read('dsync')).toBe('durable at once');
    expect(read('appended')).toBe('');
  });

  it('syncs every file on checkpoint, and forgets the writes of a file unlinked before its sync', () => {
    write('checkpointed', ['all of it']);
    write('unlinked', ['never read again']);
    unlinkSync(file('unlinked'));
    expect(mount.stats().pending).toEqual({ files: 1, writes: 1, bytes: 9 });

    mount.checkpoint();
    expect(mount.clearCache()).toEqual({ files: 0, writes: 0, bytes: 0 });

    expect(read('checkpointed')).toBe('all of it');
  });

  it('hides its control file and refuses to remove it', () => {
    writeFileSync(file('visible'), '');
    expect(readdirSync(mount.path)).toContain('visible');
    expect(readdirSync(mount.path)).not.toContain('.powercut');
    expect(readFileSync(join(mount.path, '.powercut'), 'utf8')).toMatch(/^\{"pending":/);
    expect(() => unlinkSync(join(mount.path, '.powercut'))).toThrow(/EPERM/);
    expect(() => writeFileSync(join(mount.path, '.powercut'), 'power-off\n')).toThrow(/EINVAL/);
  });
});
