import { parseAdminCommand } from './admin-command';

describe('parseAdminCommand for queues and dead letters', () => {
  it('reads queues and dead-letters list, with or without a consumer', () => {
    expect(parseAdminCommand(['queues'])).toEqual({ kind: 'queues' });
    expect(parseAdminCommand(['dead-letters', 'list'])).toEqual({
      kind: 'dead-letters list',
      selection: { all: true },
    });
    expect(
      parseAdminCommand(['dead-letters', 'list', '--consumer', 'notifications-sends']),
    ).toEqual({ kind: 'dead-letters list', selection: { consumer: 'notifications-sends' } });
  });

  it('reads replay and drop of one letter, one consumer or all', () => {
    expect(parseAdminCommand(['dead-letters', 'replay', '--sequence', '42'])).toEqual({
      kind: 'dead-letters replay',
      selection: { sequence: 42 },
    });
    expect(parseAdminCommand(['dead-letters', 'drop', '--all'])).toEqual({
      kind: 'dead-letters drop',
      selection: { all: true },
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
