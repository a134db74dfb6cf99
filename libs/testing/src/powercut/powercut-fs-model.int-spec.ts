import {
  closeSync,
  constants,
  fsyncSync,
  ftruncateSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { PowercutMount } from './powercut-mount';

/** A file operation, within three 4 KiB pages, so that writes and truncates meet in them. */
type Operation =
  | { op: 'write'; offset: number; length: number; byte: number }
  | { op: 'append'; length: number; byte: number }
  | { op: 'dsync-write'; offset: number; length: number; byte: number }
  | { op: 'truncate'; size: number }
  | { op: 'fsync' }
  | { op: 'rename' }
  | { op: 'cut' };

const LIMIT = 3 * 4096;
const byte = fc.integer({ min: 1, max: 255 });
const operation: fc.Arbitrary<Operation> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('write' as const),
      offset: fc.nat(LIMIT),
      length: fc.integer({ min: 1, max: 6_000 }),
      byte,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ op: fc.constant('truncate' as const), size: fc.nat(LIMIT) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('append' as const),
      length: fc.integer({ min: 1, max: 3_000 }),
      byte,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('dsync-write' as const),
      offset: fc.nat(LIMIT),
      length: fc.integer({ min: 1, max: 3_000 }),
      byte,
    }),
  },
  { weight: 1, arbitrary: fc.constant({ op: 'fsync' as const }) },
  { weight: 1, arbitrary: fc.constant({ op: 'rename' as const }) },
  { weight: 1, arbitrary: fc.constant({ op: 'cut' as const }) },
);

/** `content` with `length` bytes of `byte` at `offset`, zero-filled up to it if it was shorter. */
function overlaid(content: Buffer, offset: number, length: number, byte: number): Buffer {
  const result = Buffer.alloc(Math.max(content.length, offset + length));
  content.copy(result);
  result.fill(byte, offset, offset + length);
  return result;
}

function resized(content: Buffer, size: number): Buffer {
  const result = Buffer.alloc(size);
  content.copy(result, 0, 0, Math.min(size, content.length));
  return result;
}

/**
 * The model of tools/powercut-fs/README.md: what programs see, and what a cut leaves. Writes
 * change what is seen; fsync makes it durable; O_DSYNC writes and truncates are durable at once;
 * a cut brings back what was durable.
 */
class FileModel {
  seen: Buffer = Buffer.alloc(0);
  durable: Buffer = Buffer.alloc(0);

  apply(operation: Operation): void {
    switch (operation.op) {
      case 'write':
        this.seen = overlaid(this.seen, operation.offset, operation.length, operation.byte);
        return;
      case 'append':
        this.seen = overlaid(this.seen, this.seen.length, operation.length, operation.byte);
        return;
      case 'dsync-write':
        this.seen = overlaid(this.seen, operation.offset, operation.length, operation.byte);
        this.durable = overlaid(this.durable, operation.offset, operation.length, operation.byte);
        return;
      case 'truncate':
        this.seen = resized(this.seen, operation.size);
        this.durable = resized(this.durable, operation.size);
        return;
      case 'fsync':
        this.durable = Buffer.from(this.seen);
        return;
      case 'rename':
        return;
      case 'cut':
        this.seen = Buffer.from(this.durable);
        return;
    }
  }
}

describe('powercut-fs against its model', () => {
  let mount: PowercutMount;

  // The first mount builds powercut-fs (cc), which a loaded machine may take a while over.
  beforeAll(async () => {
    mount = await PowercutMount.mount();
  }, 120_000);
  afterAll(() => mount?.unmount());

  it('shows and keeps what the model says, for any sequence of writes, syncs, truncates and cuts', () => {
    let run = 0;
    fc.assert(
      fc.property(fc.array(operation, { minLength: 1, maxLength: 30 }), (operations) => {
        const names = [`file-${run}-a`, `file-${run}-b`].map((name) => join(mount.path, name));
        run++;
        let path = names[0]!;
        closeSync(openSync(path, 'w'));
        const model = new FileModel();
        for (const step of operations) {
          path = perform(step, path, names, mount);
          model.apply(step);
          const content = readFileSync(path);
          expect({ step, size: content.length }).toEqual({ step, size: model.seen.length });
          expect(content.equals(model.seen)).toBe(true);
        }
      }),
      { numRuns: 150, seed: 38 },
    );
  });
});

/** Does `step` on the file at `path`; answers where the file is afterwards. */
function perform(step: Operation, path: string, names: string[], mount: PowercutMount): string {
  const withFile = (flags: string | number, work: (fd: number) => void) => {
    const fd = openSync(path, flags);
    try {
      work(fd);
    } finally {
      closeSync(fd);
    }
  };
  switch (step.op) {
    case 'write':
      withFile('r+', (fd) =>
        writeSync(fd, Buffer.alloc(step.length, step.byte), 0, step.length, step.offset),
      );
      return path;
    case 'append':
      withFile('a', (fd) => writeSync(fd, Buffer.alloc(step.length, step.byte)));
      return path;
    case 'dsync-write':
      withFile(constants.O_RDWR | constants.O_DSYNC, (fd) =>
        writeSync(fd, Buffer.alloc(step.length, step.byte), 0, step.length, step.offset),
      );
      return path;
    case 'truncate':
      withFile('r+', (fd) => ftruncateSync(fd, step.size));
      return path;
    case 'fsync':
      withFile('r', (fd) => fsyncSync(fd));
      return path;
    case 'rename': {
      const next = path === names[0] ? names[1]! : names[0]!;
      renameSync(path, next);
      return next;
    }
    case 'cut':
      mount.clearCache();
      return path;
  }
}
