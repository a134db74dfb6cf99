import { RetryPolicy } from './retry-policy';

describe('RetryPolicy', () => {
  const hourMs = 60 * 60 * 1000;
  const justNow = () => new Date(Date.now() - 1_000);

  it('backs off exponentially, with jitter in the upper half of each step', () => {
    const low = new RetryPolicy(hourMs, () => 0);
    const high = new RetryPolicy(hourMs, () => 1);
    expect([1, 2, 3, 4].map((n) => low.nextDelayMs(n, justNow()))).toEqual([500, 1000, 2000, 4000]);
    expect([1, 2, 3, 4].map((n) => high.nextDelayMs(n, justNow()))).toEqual([
      1000, 2000, 4000, 8000,
    ]);
  });

  it('never waits more than ten minutes, and never less than the provider asked', () => {
    const policy = new RetryPolicy(hourMs, () => 1);
    expect(policy.nextDelayMs(30, justNow())).toBe(10 * 60 * 1000);
    expect(policy.nextDelayMs(1, justNow(), 30_000)).toBe(30_000);
  });

  it('stops at the end of the retry window, trying once more at its edge', () => {
    const policy = new RetryPolicy(10_000, () => 1);
    expect(policy.nextDelayMs(1, new Date(Date.now() - 11_000))).toBeUndefined();
    const last = policy.nextDelayMs(5, new Date(Date.now() - 8_000));
    expect(last).toBeGreaterThan(0);
    expect(last).toBeLessThanOrEqual(2_000);
  });
});
