import { periodsToCharge } from './billing-periods';

const at = (iso: string) => new Date(iso);

describe(periodsToCharge.name, () => {
  const createdAt = at('2026-01-31T10:00:00.000Z');

  it('charges the month holding now when nothing was charged yet', () => {
    expect(periodsToCharge(createdAt, null, at('2026-01-31T10:00:00.000Z'))).toEqual([
      { start: at('2026-01-31T10:00:00.000Z'), end: at('2026-02-28T10:00:00.000Z') },
    ]);
    expect(periodsToCharge(createdAt, null, at('2026-03-15T00:00:00.000Z'))).toEqual([
      { start: at('2026-02-28T10:00:00.000Z'), end: at('2026-03-31T10:00:00.000Z') },
    ]);
  });

  it('charges nothing while the month charged lasts, then each month from its end', () => {
    const paid = at('2026-02-28T10:00:00.000Z');
    expect(periodsToCharge(createdAt, paid, at('2026-02-28T09:59:59.999Z'))).toEqual([]);
    expect(periodsToCharge(createdAt, paid, at('2026-04-01T00:00:00.000Z'))).toEqual([
      { start: at('2026-02-28T10:00:00.000Z'), end: at('2026-03-31T10:00:00.000Z') },
      { start: at('2026-03-31T10:00:00.000Z'), end: at('2026-04-30T10:00:00.000Z') },
    ]);
  });

  it('stops at a year of months per round', () => {
    expect(periodsToCharge(createdAt, createdAt, at('2029-01-01T00:00:00.000Z'))).toHaveLength(12);
  });
});
