import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const RESTART_BACKOFF = pathToFileURL(join(__dirname, '../../tools/restart-backoff.mjs')).href;
const SECOND = 1_000;
const MINUTE = 60 * SECOND;

/**
 * The waits `npm start` chooses for one service that exits after each of these uptimes in turn.
 * tools/ holds ES modules, which Jest's CommonJS runtime cannot load, so they run in a node child.
 */
function restartDelaysAfter(uptimesMs: number[]): number[] {
  const script = `
    import { nextRestart } from ${JSON.stringify(RESTART_BACKOFF)};
    let crashesInARow = 0;
    const delays = [];
    for (const uptimeMs of ${JSON.stringify(uptimesMs)}) {
      const restart = nextRestart(crashesInARow, uptimeMs);
      delays.push(restart.delayMs);
      crashesInARow = restart.crashesInARow;
    }
    process.stdout.write(JSON.stringify(delays));`;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
  return JSON.parse(output) as number[];
}

describe('restart backoff of npm start', () => {
  it('waits a second after each crash when the crashes are minutes apart', () => {
    expect(restartDelaysAfter([5 * MINUTE, 3 * MINUTE, 10 * MINUTE, MINUTE, 2 * MINUTE])).toEqual([
      SECOND,
      SECOND,
      SECOND,
      SECOND,
      SECOND,
    ]);
  });

  it('backs off from 1 s to 30 s for a service that crashes right after it starts', () => {
    expect(restartDelaysAfter(Array<number>(8).fill(2 * SECOND))).toEqual(
      [1, 2, 4, 8, 16, 30, 30, 30].map((s) => s * SECOND),
    );
  });

  it('starts the backoff again once a crash-looping service ran for a minute', () => {
    const crashLoop = Array<number>(6).fill(SECOND);
    expect(restartDelaysAfter([...crashLoop, MINUTE, SECOND, SECOND])).toEqual([
      ...[1, 2, 4, 8, 16, 30].map((s) => s * SECOND),
      SECOND,
      2 * SECOND,
      4 * SECOND,
    ]);
  });

  it('counts a run just short of a minute as one more crash in a row', () => {
    expect(restartDelaysAfter([MINUTE - 1, MINUTE - 1, MINUTE - 1])).toEqual([
      SECOND,
      2 * SECOND,
      4 * SECOND,
    ]);
  });
});
