import { TokenBuckets } from './token-buckets';

describe(TokenBuckets.name, () => {
  let now = 0;
  const clock = () => now;

  beforeEach(() => {
    now = 1_000_000;
  });

  it('allows a burst, then refuses with the wait until the next token', () => {
    const sut = new TokenBuckets(2, 3, clock);
    expect([sut.take('k'), sut.take('k'), sut.take('k')]).toEqual([
      { allowed: true },
      { allowed: true },
      { allowed: true },
    ]);
    expect(sut.take('k')).toEqual({ allowed: false, retryAfterMs: 500 });
  });

  it('refills at the configured rate, never above the burst', () => {
    const sut = new TokenBuckets(10, 2, clock);
    sut.take('k');
    sut.take('k');
    now += 100;
    expect(sut.take('k')).toEqual({ allowed: true });
    expect(sut.take('k')).toMatchObject({ allowed: false });
    now += 60_000;
    expect([sut.take('k'), sut.take('k'), sut.take('k')].map((r) => r.allowed)).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('keeps keys apart', () => {
    const sut = new TokenBuckets(1, 1, clock);
    expect(sut.take('a')).toEqual({ allowed: true });
    expect(sut.take('a')).toMatchObject({ allowed: false });
    expect(sut.take('b')).toEqual({ allowed: true });
  });

  it('peeks without taking a token or remembering a key', () => {
    const sut = new TokenBuckets(1, 1, clock);
    expect(sut.peek('k')).toEqual({ allowed: true });
    expect(sut.peek('k')).toEqual({ allowed: true });
    expect(sut.take('k')).toEqual({ allowed: true });
    expect(sut.peek('k')).toEqual({ allowed: false, retryAfterMs: 1000 });
  });

  it('spends past an empty bucket, at most a burst into debt, and refills from there', () => {
    const sut = new TokenBuckets(1, 2, clock);
    for (let i = 0; i < 10; i++) sut.spend('k');
    expect(sut.peek('k')).toEqual({ allowed: false, retryAfterMs: 3000 });
    now += 2_999;
    expect(sut.peek('k')).toMatchObject({ allowed: false });
    now += 1;
    expect(sut.peek('k')).toEqual({ allowed: true });
  });
});
