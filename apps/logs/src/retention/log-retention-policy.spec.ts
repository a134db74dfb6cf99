import { BUDGET_TIERS, logRetentionDaysOf, MIN_LOG_RETENTION_DAYS } from '@clarion/contracts';

describe(logRetentionDaysOf.name, () => {
  const sut = logRetentionDaysOf;

  it('keeps the logs of free accounts 7 days, whatever their tier', () => {
    expect(BUDGET_TIERS.map((tier) => sut({ accountType: 'free', tier }))).toEqual(
      BUDGET_TIERS.map(() => 7),
    );
  });

  it('keeps the logs of paid accounts longer on higher tiers', () => {
    expect(
      Object.fromEntries(BUDGET_TIERS.map((tier) => [tier, sut({ accountType: 'paid', tier })])),
    ).toEqual({
      budget_20: 30,
      budget_50: 30,
      budget_100: 30,
      budget_250: 90,
      budget_500: 90,
      budget_1000: 90,
      budget_2000: 180,
      budget_5000: 180,
    });
  });

  it('never goes below the shortest retention the purge assumes', () => {
    expect(MIN_LOG_RETENTION_DAYS).toBe(7);
  });
});
