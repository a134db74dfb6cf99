import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runWithToolModule } from './run-tool-module';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/clarion';
const EMBEDDED_URL = 'postgres://postgres:postgres@127.0.0.1:5432/clarion';
const RECORD = { configured: { databaseUrl: DEFAULT_URL }, databaseUrl: EMBEDDED_URL };

function urlForAdmin(env: Record<string, string>, record: object | undefined): string {
  return runWithToolModule<string>(
    'start-record.mjs',
    ['urlBesideStart'],
    `process.stdout.write(JSON.stringify(urlBesideStart({
      env: ${JSON.stringify(env)}, variable: 'DATABASE_URL', key: 'databaseUrl',
      defaultUrl: ${JSON.stringify(DEFAULT_URL)}, record: ${JSON.stringify(record)},
    })));`,
  );
}

describe('the record of a running npm start, for npm run admin', () => {
  it('reaches the embedded PostgreSQL that npm start started for the default URL', () => {
    expect(urlForAdmin({}, RECORD)).toBe(EMBEDDED_URL);
    expect(urlForAdmin({ DATABASE_URL: DEFAULT_URL }, RECORD)).toBe(EMBEDDED_URL);
  });

  it('goes where DATABASE_URL says when it names another database, or nothing is running', () => {
    const other = 'postgres://ops@db.internal:5432/clarion';
    expect(urlForAdmin({ DATABASE_URL: other }, RECORD)).toBe(other);
    expect(urlForAdmin({ DATABASE_URL: other }, undefined)).toBe(other);
    expect(urlForAdmin({}, undefined)).toBe(DEFAULT_URL);
  });

  it('counts only the record of a process that is still running, and keeps the first', () => {
    const dataRoot = mkdtempSync(join(tmpdir(), 'clarion-record-'));
    try {
      // A pid far above any pid_max: the npm start that wrote it is gone.
      writeFileSync(join(dataRoot, 'infra.json'), JSON.stringify({ ...RECORD, pid: 2 ** 30 }));
      const seen = runWithToolModule<{ stale: boolean; written: boolean; mine: boolean }>(
        'start-record.mjs',
        ['readStartRecord', 'writeStartRecord', 'removeStartRecord'],
        `const dataRoot = ${JSON.stringify(dataRoot)};
        const stale = readStartRecord(dataRoot) === undefined;
        const written = writeStartRecord(dataRoot, ${JSON.stringify(RECORD)});
        const secondWrite = writeStartRecord(dataRoot, { databaseUrl: 'other' });
        const mine = readStartRecord(dataRoot)?.pid === process.pid && !secondWrite;
        removeStartRecord(dataRoot);
        process.stdout.write(JSON.stringify({ stale, written, mine: mine && !readStartRecord(dataRoot) }));`,
      );
      expect(seen).toEqual({ stale: true, written: true, mine: true });
    } finally {
      rmSync(dataRoot, { recursive: true, force: true });
    }
  });

  it('makes the data folder of a fresh checkout, whose PostgreSQL and NATS already run', () => {
    const parent = mkdtempSync(join(tmpdir(), 'clarion-record-'));
    const dataRoot = join(parent, '.data');
    try {
      const written = runWithToolModule<boolean>(
        'start-record.mjs',
        ['writeStartRecord'],
        `process.stdout.write(JSON.stringify(writeStartRecord(${JSON.stringify(dataRoot)}, ${JSON.stringify(RECORD)})));`,
      );
      expect(written).toBe(true);
      expect(existsSync(join(dataRoot, 'infra.json'))).toBe(true);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });
});
