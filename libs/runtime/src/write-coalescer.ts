interface Waiting<TItem, TResult> {
  item: TItem;
  resolve: (result: TResult) => void;
  reject: (error: unknown) => void;
}

/**
 * Turns many concurrent single writes into few batched ones: calls made while a batch is being
 * written (or within the same tick) are written together with one call of `writeBatch`, and each
 * caller gets its own result. Writes of hundreds of in-flight workers cost a handful of statements.
 */
export class WriteCoalescer<TItem, TResult> {
  private waiting: Waiting<TItem, TResult>[] = [];
  private writing = 0;
  private scheduled = false;

  constructor(
    private readonly writeBatch: (items: TItem[]) => Promise<TResult[]>,
    private readonly options: { maxBatch: number; maxConcurrentBatches: number } = {
      maxBatch: 500,
      maxConcurrentBatches: 2,
    },
  ) {}

  write(item: TItem): Promise<TResult> {
    return new Promise<TResult>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    while (this.waiting.length > 0 && this.writing < this.options.maxConcurrentBatches) {
      const batch = this.waiting.splice(0, this.options.maxBatch);
      this.writing += 1;
      void this.writeBatch(batch.map((waiting) => waiting.item))
        .then(
          (results) =>
            batch.forEach((waiting, index) => waiting.resolve(results[index] as TResult)),
          (error: unknown) => batch.forEach((waiting) => waiting.reject(error)),
        )
        .finally(() => {
          this.writing -= 1;
          this.flush();
        });
    }
  }
}
