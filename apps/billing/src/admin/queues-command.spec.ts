import { parseAdminCommand } from './admin-command';
import { formatQueuesResult } from './queues-command';

describe('parseAdminCommand for queues and dead letters', () => {
  it('reads queues and dead-letters list, with or without a consumer', () => {
    expect(parseAdminCommand(['queues'])).toEqual({ kind: 'queues', format: 'table' });
    expect(parseAdminCommand(['queues', '--json'])).toEqual({ kind: 'queues', format: 'json' });
    expect(parseAdminCommand(['dead-letters', 'list'])).toEqual({
      kind: 'dead-letters list',
      selection: { all: true },
      format: 'table',
    });
    expect(
      parseAdminCommand(['dead-letters', 'list', '--consumer', 'notifications-sends', '--json']),
    ).toEqual({
      kind: 'dead-letters list',
      selection: { consumer: 'notifications-sends' },
      format: 'json',
    });
  });

  it('reads replay and drop of one letter, one consumer or all', () => {
    expect(parseAdminCommand(['dead-letters', 'replay', '--sequence', '42'])).toEqual({
      kind: 'dead-letters replay',
      selection: { sequence: 42 },
      format: 'table',
    });
    expect(parseAdminCommand(['dead-letters', 'drop', '--all'])).toEqual({
      kind: 'dead-letters drop',
      selection: { all: true },
      format: 'table',
    });
  });

  it('refuses a replay or drop without exactly one selection', () => {
    expect(() => parseAdminCommand(['dead-letters', 'replay'])).toThrow(/exactly one of/);
    expect(() =>
      parseAdminCommand(['dead-letters', 'drop', '--all', '--consumer', 'logs-events']),
    ).toThrow(/exactly one of/);
    expect(() => parseAdminCommand(['dead-letters', 'replay', '--sequence', '1.5'])).toThrow(
      /--sequence must be/,
    );
  });
});

describe(formatQueuesResult.name, () => {
  const consumers = [
    { stream: 'SENDS', consumer: 'notifications-sends', waiting: 0, inFlight: 2, redelivered: 0 },
    { stream: 'EVENTS', consumer: 'logs-events', waiting: 1_250, inFlight: 64, redelivered: 3 },
  ];

  it('prints the queues as a table, one consumer a line', () => {
    const sut = formatQueuesResult({ kind: 'queues', format: 'table' }, { consumers });

    expect(sut.trimEnd().split('\n')).toEqual([
      'STREAM  CONSUMER             WAITING  IN FLIGHT  REDELIVERED',
      'SENDS   notifications-sends        0          2            0',
      'EVENTS  logs-events             1250         64            3',
    ]);
  });

  it('prints one JSON line with --json', () => {
    const sut = formatQueuesResult({ kind: 'queues', format: 'json' }, { consumers });

    expect(sut.endsWith('\n')).toBe(true);
    expect(JSON.parse(sut)).toEqual({ consumers });
  });

  it('prints dead letters as a table whose cells stay on one line', () => {
    const letter = {
      sequence: 7,
      consumer: 'logs-events',
      originalSubject: 'evt.sms',
      reason: 'malformed:\nnot JSON',
      deliveries: 1,
      deadLetteredAt: '2026-11-29T08:00:00.000Z',
      bytes: 9,
      preview: '{"broken"',
    };
    const sut = formatQueuesResult(
      { kind: 'dead-letters list', selection: { all: true }, format: 'table' },
      { deadLetters: [letter] },
    );

    expect(sut.trimEnd().split('\n')).toHaveLength(2);
    expect(sut).toContain('malformed: not JSON');
  });

  it('prints what a replay or drop did as JSON', () => {
    const sut = formatQueuesResult(
      { kind: 'dead-letters replay', selection: { all: true }, format: 'table' },
      { replayed: 2 },
    );

    expect(JSON.parse(sut)).toEqual({ replayed: 2 });
  });
});
