import { nextResetDate } from './account.mapper';

describe(nextResetDate.name, () => {
  const on = (iso: string) => new Date(`${iso}T12:00:00Z`);

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
