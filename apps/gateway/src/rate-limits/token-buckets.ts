interface Bucket {
  tokens: number;
  refilledAt: number;
}

export type TakeResult = { allowed: true } | { allowed: false; retryAfterMs: number };

const MAX_BUCKETS = 50_000;

/**
 * One token bucket per key: `burst` tokens at most, refilled at `perSecond`. Each request takes
 * one token; without one it is refused with the time until the next token.
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    private readonly now: () => number = Date.now,
  ) {}

  take(key: string): TakeResult {
    const now = this.now();
    const bucket = this.refilled(this.buckets.get(key), now);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      this.remember(key, bucket);
      return { allowed: true };
    }
    this.remember(key, bucket);
    return this.refusal(bucket.tokens);
  }

  /** What `take` would answer now, without taking a token; a key never seen costs one look-up. */
  peek(key: string): TakeResult {
    const bucket = this.buckets.get(key);
    if (!bucket) return { allowed: true };
    const { tokens } = this.refilled(bucket, this.now());
    return tokens >= 1 ? { allowed: true } : this.refusal(tokens);
  }

  /**
   * Takes a token whether one is left or not, down to `burst` tokens owed: for counting what has
   * already happened (a failure), so that many at once keep the key refused for longer.
   */
  spend(key: string): void {
    const bucket = this.refilled(this.buckets.get(key), this.now());
    bucket.tokens = Math.max(-this.burst, bucket.tokens - 1);
    this.remember(key, bucket);
  }

  private refusal(tokens: number): TakeResult {
    return { allowed: false, retryAfterMs: Math.ceil(((1 - tokens) / this.perSecond) * 1000) };
  }

  private refilled(bucket: Bucket | undefined, now: number): Bucket {
    if (!bucket) return { tokens: this.burst, refilledAt: now };
    const tokens = Math.min(
      this.burst,
      bucket.tokens + ((now - bucket.refilledAt) / 1000) * this.perSecond,
    );
    return { tokens, refilledAt: now };
  }

  private remember(key: string, bucket: Bucket): void {
    if (this.buckets.size >= MAX_BUCKETS && !this.buckets.has(key)) this.forgetFullBuckets();
    this.buckets.set(key, bucket);
  }

  /** A full bucket is the same as no bucket, so those can go when the map grows large. */
  private forgetFullBuckets(): void {
    const now = this.now();
    for (const [key, bucket] of this.buckets) {
      if (this.refilled(bucket, now).tokens >= this.burst) this.buckets.delete(key);
    }
  }
}
