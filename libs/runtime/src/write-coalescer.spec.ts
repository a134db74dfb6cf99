import { WriteCoalescer } from './write-coalescer';

describe('WriteCoalescer', () => {
  it('writes concurrent calls as one batch and answers each caller', async () => {
    const batches: number[][] = [];
    const coalescer = new WriteCoalescer<number, number>(async (items) => {
      batches.push(items);
      return items.map((item) => item * 10);
    });
    const results = await Promise.all([1, 2, 3].map((n) => coalescer.write(n)));
    expect(results).toEqual([10, 20, 30]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('keeps batches within their size and concurrency, and rejects the callers of a failed batch', async () => {
    let running = 0;
    let mostRunning = 0;
    const coalescer = new WriteCoalescer<number, number>(
      async (items) => {
        running += 1;
        mostRunning = Math.max(mostRunning, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        if (items.includes(13)) throw new Error('bad batch');
        return items;
      },
      { maxBatch: 4, maxConcurrentBatches: 2 },
    );
    const outcomes = await Promise.allSettled(
      Array.from({ length: 16 }, (_, n) => coalescer.write(n)),
    );
    expect(mostRunning).toBe(2);
    const rejected = outcomes.flatMap((outcome, n) => (outcome.status === 'rejected' ? [n] : []));
    expect(rejected).toEqual([12, 13, 14, 15]);
  });
});
