import { LoggerService } from '@nestjs/common';
import { ExportHealth } from './export-health';

const MINUTE_MS = 60_000;

/** A logger keeping each line as `<level> <message>`. */
function recordingLog(): LoggerService & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    log: (message: string) => lines.push(`info ${message}`),
    warn: (message: string) => lines.push(`warn ${message}`),
    error: (message: string) => lines.push(`error ${message}`),
  };
}

describe(ExportHealth.name, () => {
  let now: number;
  let log: ReturnType<typeof recordingLog>;
  let sut: ExportHealth;

  beforeEach(() => {
    now = Date.parse('2026-01-01T00:00:00Z');
    log = recordingLog();
    sut = new ExportHealth('trace', log, () => now);
  });

  it('says nothing while exports succeed', () => {
    sut.succeeded();
    sut.succeeded();
    expect(log.lines).toEqual([]);
  });

  it('logs once when exports start failing, with the reason, and once when they recover', () => {
    sut.failed(new Error('connect ECONNREFUSED 127.0.0.1:4318'));
    sut.failed(new Error('connect ECONNREFUSED 127.0.0.1:4318'));
    sut.failed(new Error('connect ECONNREFUSED 127.0.0.1:4318'));
    sut.succeeded();
    sut.succeeded();
    expect(log.lines).toEqual([
      'warn trace export failing: connect ECONNREFUSED 127.0.0.1:4318',
      'info trace export recovered after 3 failed exports',
    ]);
  });

  it('reminds that exports still fail after a minute, then after 2 and 4 more', () => {
    const failAt = (minutes: number) => {
      now = Date.parse('2026-01-01T00:00:00Z') + minutes * MINUTE_MS;
      sut.failed(new Error('timeout'));
    };
    for (const minute of [0, 0.5, 1, 2, 2.5, 3, 4, 5, 7]) failAt(minute);
    expect(log.lines).toEqual([
      'warn trace export failing: timeout',
      'warn trace export still failing: 3 failed exports since 2026-01-01T00:00:00.000Z, the last: timeout',
      'warn trace export still failing: 6 failed exports since 2026-01-01T00:00:00.000Z, the last: timeout',
      'warn trace export still failing: 9 failed exports since 2026-01-01T00:00:00.000Z, the last: timeout',
    ]);
  });

  it('names the code of a system error, and the first of an aggregate error without a message', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED ::1:4318'), {
      code: 'ECONNREFUSED',
    });
    sut.failed(new AggregateError([refused], ''));
    expect(log.lines).toEqual(['warn trace export failing: connect ECONNREFUSED ::1:4318']);
  });
});
