import { nextBillingDate } from '../fees/billing-periods';
import { heldUntil, isWithinReleaseWindow, releaseWindowCutoff } from './release-window';

const at = (iso: string) => new Date(iso);

describe('release window', () => {
  const releasedAt = at('2026-03-01T10:00:00.000Z');

  it('holds a released number for exactly 2 weeks', () => {
    expect(heldUntil(releasedAt).toISOString()).toBe('2026-03-15T10:00:00.000Z');
    expect(isWithinReleaseWindow(releasedAt, at('2026-03-15T09:59:59.999Z'))).toBe(true);
    expect(isWithinReleaseWindow(releasedAt, at('2026-03-15T10:00:00.000Z'))).toBe(false);
  });

  it('purges numbers released 2 weeks or more before now', () => {
    expect(releaseWindowCutoff(at('2026-03-15T10:00:00.000Z')).toISOString()).toBe(
      releasedAt.toISOString(),
    );
  });
});

describe(nextBillingDate.name, () => {
  it('charges monthly on the day the number was ordered', () => {
    const createdAt = at('2026-01-10T08:00:00.000Z');
    expect(nextBillingDate(createdAt, at('2026-01-10T08:00:00.000Z')).toISOString()).toBe(
      '2026-02-10T08:00:00.000Z',
    );
    expect(nextBillingDate(createdAt, at('2026-04-09T23:00:00.000Z')).toISOString()).toBe(
      '2026-04-10T08:00:00.000Z',
    );
    expect(nextBillingDate(createdAt, at('2026-04-10T08:00:00.000Z')).toISOString()).toBe(
      '2026-05-10T08:00:00.000Z',
    );
  });

  it('bills a number ordered on the 31st on the last day of shorter months, and the 31st again after', () => {
    const createdAt = at('2026-01-31T12:00:00.000Z');
    expect(nextBillingDate(createdAt, at('2026-02-01T00:00:00.000Z')).toISOString()).toBe(
      '2026-02-28T12:00:00.000Z',
    );
    expect(nextBillingDate(createdAt, at('2026-03-01T00:00:00.000Z')).toISOString()).toBe(
      '2026-03-31T12:00:00.000Z',
    );
  });

  it('crosses years', () => {
    expect(
      nextBillingDate(at('2025-11-20T00:00:00.000Z'), at('2027-01-25T00:00:00.000Z')).toISOString(),
    ).toBe('2027-02-20T00:00:00.000Z');
  });
});
