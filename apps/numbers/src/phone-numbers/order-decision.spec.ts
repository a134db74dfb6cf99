import { decideOrder, NumberHolding } from './order-decision';

const NUMBER = '+14155550100';
const MINE = '0190f0a0-0000-7000-8000-000000000001';
const THEIRS = '0190f0a0-0000-7000-8000-000000000002';
const NOW = new Date('2026-06-15T12:00:00.000Z');
const DAY = 24 * 60 * 60_000;

function released(accountId: string, daysAgo: number): NumberHolding {
  return { accountId, status: 'released', releasedAt: new Date(NOW.getTime() - daysAgo * DAY) };
}

describe(decideOrder.name, () => {
  it('buys a number nobody holds', () => {
    expect(decideOrder(NUMBER, undefined, MINE, NOW)).toEqual({ kind: 'purchase' });
  });

  it('refuses an active number, whoever has it', () => {
    const own = decideOrder(
      NUMBER,
      { accountId: MINE, status: 'active', releasedAt: null },
      MINE,
      NOW,
    );
    expect(own).toMatchObject({
      kind: 'refuse',
      reason: `${NUMBER} is already a number of this account`,
    });
    const other = decideOrder(
      NUMBER,
      { accountId: THEIRS, status: 'active', releasedAt: null },
      MINE,
      NOW,
    );
    expect(other).toMatchObject({ kind: 'refuse', reason: `${NUMBER} is not available` });
  });

  it('gives the account back its own number released less than 2 weeks ago', () => {
    expect(decideOrder(NUMBER, released(MINE, 13.9), MINE, NOW)).toEqual({ kind: 'reactivate' });
  });

  it("holds another account's released number until its 2 weeks are over", () => {
    expect(decideOrder(NUMBER, released(THEIRS, 3), MINE, NOW)).toEqual({
      kind: 'refuse',
      reason: `${NUMBER} is not available until 2026-06-26T12:00:00.000Z`,
      fix: expect.any(String),
    });
  });

  it('lets anyone order a number released 2 weeks ago or more, as a new order', () => {
    expect(decideOrder(NUMBER, released(THEIRS, 14), MINE, NOW)).toEqual({ kind: 'take-over' });
    expect(decideOrder(NUMBER, released(MINE, 20), MINE, NOW)).toEqual({ kind: 'take-over' });
  });
});
