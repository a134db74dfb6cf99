import { DEFAULT_WEBHOOK_RETRY_SCHEDULE } from '../delivery-workers.env';
import { parseRetrySchedule, RetrySchedule } from './retry-schedule';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

describe(parseRetrySchedule.name, () => {
  it('reads the default as the Standard Webhooks schedule', () => {
    expect(parseRetrySchedule(DEFAULT_WEBHOOK_RETRY_SCHEDULE)).toEqual([
      5 * SECOND,
      5 * MINUTE,
      30 * MINUTE,
      2 * HOUR,
      5 * HOUR,
      10 * HOUR,
      14 * HOUR,
      20 * HOUR,
      24 * HOUR,
    ]);
  });

  it('reads milliseconds and spaces', () => {
    expect(parseRetrySchedule(' 200ms, 1 s,2m ')).toEqual([200, SECOND, 2 * MINUTE]);
  });

  it('refuses a duration without a unit', () => {
    expect(() => parseRetrySchedule('5s,300')).toThrow('"300" is not a duration');
  });
});

describe(RetrySchedule.name, () => {
  const delays = parseRetrySchedule(DEFAULT_WEBHOOK_RETRY_SCHEDULE);
  const scheduleWith = (random: number) => new RetrySchedule(delays, () => random);

  it('waits the delay of the attempt that failed, give or take 10%', () => {
    expect(scheduleWith(0.5).delayAfter(1)).toBe(5 * SECOND);
    expect(scheduleWith(0).delayAfter(2)).toBe(4.5 * MINUTE);
    expect(scheduleWith(1).delayAfter(2)).toBe(5.5 * MINUTE);
    expect(scheduleWith(0.5).delayAfter(9)).toBe(24 * HOUR);
  });

  it('gives up after the first attempt and one per delay', () => {
    const sut = scheduleWith(0.5);

    expect(sut.maxAttempts).toBe(10);
    expect(sut.delayAfter(10)).toBeUndefined();
  });

  it("waits at least the receiver's Retry-After, capped at the longest delay", () => {
    const sut = scheduleWith(0.5);

    expect(sut.delayAfter(1, 120 * SECOND)).toBe(120 * SECOND);
    expect(sut.delayAfter(3, 60 * SECOND)).toBe(30 * MINUTE);
    expect(sut.delayAfter(1, 30 * 24 * HOUR)).toBe(24 * HOUR);
  });

  it('spreads delays within ±10%', () => {
    const sut = new RetrySchedule([10 * SECOND]);
    const samples = Array.from({ length: 200 }, () => sut.delayAfter(1) ?? 0);

    expect(Math.min(...samples)).toBeGreaterThanOrEqual(9 * SECOND);
    expect(Math.max(...samples)).toBeLessThanOrEqual(11 * SECOND);
    expect(new Set(samples).size).toBeGreaterThan(1);
  });
});
