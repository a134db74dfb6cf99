/** Results of a pure function for its most recent keys; the oldest key goes first when full. */
export class RecentResults<T> {
  private readonly results = new Map<string, T>();

  constructor(private readonly capacity: number) {}

  of(key: string, compute: () => T): T {
    const known = this.results.get(key);
    if (known !== undefined) return known;
    const result = compute();
    if (this.results.size >= this.capacity) {
      this.results.delete(this.results.keys().next().value as string);
    }
    this.results.set(key, result);
    return result;
  }
}
