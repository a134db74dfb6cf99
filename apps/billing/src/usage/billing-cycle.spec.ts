import { cycleStartOf, cycleStartsBetween, nextResetDate } from './billing-cycle';

const on = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe(nextResetDate.name, () => {
  it('is the anniversary day later this month when it has not come yet', () => {
    expect(nextResetDate('2026-01-25', on('2026-11-21'))).toBe('2026-11-25');
  });

  it('is next month once this month anniversary has passed', () => {
    expect(nextResetDate('2026-01-05', on('2026-11-21'))).toBe('2026-12-05');
  });

  it('falls on the last day of shorter months', () => {
    expect(nextResetDate('2026-01-31', on('2027-02-10'))).toBe('2027-02-28');
  });
});

describe(cycleStartOf.name, () => {
  it('is this month anniversary once it has passed', () => {
    expect(cycleStartOf('2026-01-05', on('2026-11-21'))).toBe('2026-11-05');
  });

  it('is last month anniversary before this month one', () => {
    expect(cycleStartOf('2026-01-25', on('2026-11-21'))).toBe('2026-10-25');
  });

  it('starts a new cycle on the anniversary day itself', () => {
    expect(cycleStartOf('2026-01-21', on('2026-11-21'))).toBe('2026-11-21');
  });
});

describe(cycleStartsBetween.name, () => {
  it('lists the cycles holding the range, oldest first, one per month', () => {
    expect(cycleStartsBetween('2026-01-31', on('2026-01-31'), on('2026-04-02'))).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
    ]);
  });

  it('is the one cycle of a range inside it, and none of a backwards range', () => {
    expect(cycleStartsBetween('2026-01-10', on('2026-05-11'), on('2026-05-20'))).toEqual([
      '2026-05-10',
    ]);
    expect(cycleStartsBetween('2026-01-10', on('2026-07-11'), on('2026-05-20'))).toEqual([]);
  });
});
