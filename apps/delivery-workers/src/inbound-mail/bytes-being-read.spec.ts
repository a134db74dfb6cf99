import { BytesBeingRead } from './bytes-being-read';

describe(BytesBeingRead.name, () => {
  it('reads messages at once while their bytes fit the limit, and the others after, in order', async () => {
    const budget = new BytesBeingRead(10);
    const started: string[] = [];
    const finish = new Map<string, () => void>();
    const read = (name: string, bytes: number) =>
      budget.whileHolding(bytes, () => {
        started.push(name);
        return new Promise<void>((resolve) => finish.set(name, resolve));
      });
    const all = [read('a', 6), read('b', 4), read('c', 12), read('d', 1)];
    await Promise.resolve();
    expect(started).toEqual(['a', 'b']);
    finish.get('a')?.();
    finish.get('b')?.();
    await new Promise(setImmediate);
    expect(started).toEqual(['a', 'b', 'c']);
    finish.get('c')?.();
    await new Promise(setImmediate);
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    finish.get('d')?.();
    await Promise.all(all);
  });
});
