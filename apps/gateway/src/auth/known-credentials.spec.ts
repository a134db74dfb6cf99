import { KnownCredentials } from './known-credentials';

const DAY_MS = 24 * 60 * 60 * 1000;

describe(KnownCredentials.name, () => {
  let now = 0;
  const sut = () => new KnownCredentials(() => now);

  beforeEach(() => (now = 1_000_000));

  it('knows credentials for a day after they last resolved, and not after', () => {
    const known = sut();
    expect(known.has('key:a')).toBe(false);
    known.remember('key:a');
    now += DAY_MS - 1;
    expect(known.has('key:a')).toBe(true);
    now += 1;
    expect(known.has('key:a')).toBe(false);
  });

  it('keeps credentials in use known, refreshing them once half the day has passed', () => {
    const known = sut();
    known.remember('key:a');
    now += DAY_MS * 0.75;
    known.remember('key:a');
    now += DAY_MS * 0.75;
    expect(known.has('key:a')).toBe(true);
  });

  it('forgets revoked credentials at once', () => {
    const known = sut();
    known.remember('key:a');
    known.forget('key:a');
    expect(known.has('key:a')).toBe(false);
  });
});
