import { ProviderRateLimits } from './provider-rate-limits';

describe('ProviderRateLimits', () => {
  it('spaces out calls to a limited provider and lets others through at once', async () => {
    const limits = new ProviderRateLimits(new Map([['slack', 20]]));
    const started = Date.now();
    await Promise.all(Array.from({ length: 5 }, () => limits.take('slack')));
    // Five calls at 20 per second: the last one waits four intervals of 50 ms.
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    // An unlimited provider waits on no timer: its calls go through before the next turn of the
    // event loop, however busy the machine is.
    const unlimited = Promise.all(Array.from({ length: 100 }, () => limits.take('smtp')));
    const nextTurn = new Promise((resolve) => setImmediate(resolve, 'next turn'));
    await expect(Promise.race([unlimited.then(() => 'through'), nextTurn])).resolves.toBe(
      'through',
    );
  });
});
