import { ExpiringCache } from './expiring-cache';

describe(ExpiringCache.name, () => {
  const permanent = (error: unknown) => (error as Error).message === 'unknown';

  it('shares one look-up between concurrent callers and reuses its result', async () => {
    const sut = new ExpiringCache<number>(60_000, 1_000, permanent);
    const load = jest.fn(async () => 42);
    await expect(Promise.all([sut.get('k', load), sut.get('k', load)])).resolves.toEqual([42, 42]);
    await expect(sut.get('k', load)).resolves.toBe(42);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('looks up again once the entry has expired', async () => {
    const sut = new ExpiringCache<number>(0, 0, permanent);
    const load = jest.fn(async () => 1);
    await sut.get('k', load);
    await new Promise((resolve) => setTimeout(resolve, 2));
    await sut.get('k', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('remembers permanent failures but retries passing ones at once', async () => {
    const sut = new ExpiringCache<number>(60_000, 60_000, permanent);
    const unknown = jest.fn(async () => Promise.reject(new Error('unknown')));
    await expect(sut.get('a', unknown)).rejects.toThrow('unknown');
    await expect(sut.get('a', unknown)).rejects.toThrow('unknown');
    expect(unknown).toHaveBeenCalledTimes(1);

    const outage = jest.fn(async () => Promise.reject(new Error('timeout')));
    await expect(sut.get('b', outage)).rejects.toThrow('timeout');
    await new Promise((resolve) => setImmediate(resolve));
    await expect(sut.get('b', outage)).rejects.toThrow('timeout');
    expect(outage).toHaveBeenCalledTimes(2);
  });
});
