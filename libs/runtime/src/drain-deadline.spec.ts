import { drainWithin } from './drain-deadline';

describe(drainWithin.name, () => {
  it('answers drained when the drain finishes in time', async () => {
    const drained: string[] = [];
    const outcome = await drainWithin(1_000, async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      drained.push('consumers');
    });
    expect(outcome).toBe('drained');
    expect(drained).toEqual(['consumers']);
  });

  it('stops waiting at the deadline for a drain that never ends', async () => {
    const started = Date.now();
    const outcome = await drainWithin(50, () => new Promise<void>(() => undefined));
    expect(outcome).toBe('deadline');
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });

  it('passes on a drain that fails', async () => {
    await expect(
      drainWithin(1_000, () => Promise.reject(new Error('pool would not close'))),
    ).rejects.toThrow('pool would not close');
  });
});
