import { retryAfterMs } from './retry-after';

describe(retryAfterMs.name, () => {
  const now = Date.parse('2024-05-01T12:00:00Z');

  it('reads delta-seconds', () => {
    expect(retryAfterMs('120', now)).toBe(120_000);
  });

  it('reads an HTTP date as the time left until it', () => {
    expect(retryAfterMs('Wed, 01 May 2024 12:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Wed, 01 May 2024 11:00:00 GMT', now)).toBe(0);
  });

  it('leaves an absent or unreadable header to the caller', () => {
    expect(retryAfterMs(null, now)).toBeUndefined();
    expect(retryAfterMs('soon', now)).toBeUndefined();
  });
});
