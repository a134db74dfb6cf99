const REMEMBERED = 100_000;

/**
 * Failures that count towards giving up, per message (its stream sequence). Transient failures
 * are not counted, so a message that waited out a long outage still gets all its attempts. Kept
 * in memory: after a restart, or on another replica, a message starts over, which errs on the
 * side of trying too often, never too rarely.
 */
export class FailureCounts {
  private readonly counts = new Map<number, number>();

  increment(sequence: number): number {
    const count = (this.counts.get(sequence) ?? 0) + 1;
    this.counts.delete(sequence);
    if (this.counts.size >= REMEMBERED) {
      const oldest = this.counts.keys().next();
      if (!oldest.done) this.counts.delete(oldest.value);
    }
    this.counts.set(sequence, count);
    return count;
  }

  forget(sequence: number): void {
    this.counts.delete(sequence);
  }
}
