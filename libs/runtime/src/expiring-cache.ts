interface Entry<T> {
  value: Promise<T>;
  expiresAt: number;
}

/**
 * Remembers the outcome of a look-up for a while, and lets concurrent callers of the same key
 * share one look-up in flight. Failures are remembered for `failureTtlMs` (so an unknown key
 * does not reach billing on every request) except those `shouldCacheFailure` rejects.
 */
export class ExpiringCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly ttlMs: number,
    private readonly failureTtlMs: number,
    private readonly shouldCacheFailure: (error: unknown) => boolean,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const cached = this.entries.get(key);
    if (cached && cached.expiresAt > now) return cached.value;
    const value = load();
    const entry: Entry<T> = { value, expiresAt: Number.POSITIVE_INFINITY };
    this.remember(key, entry);
    value.then(
      () => (entry.expiresAt = Date.now() + this.ttlMs),
      (error: unknown) => {
        if (this.shouldCacheFailure(error)) entry.expiresAt = Date.now() + this.failureTtlMs;
        else if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return value;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  private remember(key: string, entry: Entry<T>): void {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, entry);
  }
}
