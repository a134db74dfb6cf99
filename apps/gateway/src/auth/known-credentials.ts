/** A day: longer than any cache of resolved credentials, so a tenant's key in use stays known. */
const KNOWN_FOR_MS = 24 * 60 * 60 * 1000;
const MAX_KNOWN = 100_000;

/**
 * Credentials (key and session hashes, clientIds) that resolved recently, by id: while a client
 * address is over its failure budget only these are looked up, which bounds the billing work a
 * flood of made-up credentials can cause without refusing a tenant whose key is in use. A key
 * billing no longer knows resolves to 401 all the same; being known only permits the look-up.
 */
export class KnownCredentials {
  /** Id → when it stops being known; oldest first, as a Map keeps insertion order. */
  private readonly knownUntil = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  has(id: string): boolean {
    const until = this.knownUntil.get(id);
    return until !== undefined && until > this.now();
  }

  /** Called on every request that authenticates: refreshed only once half its time has passed. */
  remember(id: string): void {
    const now = this.now();
    if ((this.knownUntil.get(id) ?? 0) > now + KNOWN_FOR_MS / 2) return;
    this.knownUntil.delete(id);
    if (this.knownUntil.size >= MAX_KNOWN) {
      const oldest = this.knownUntil.keys().next();
      if (!oldest.done) this.knownUntil.delete(oldest.value);
    }
    this.knownUntil.set(id, now + KNOWN_FOR_MS);
  }

  forget(id: string): void {
    this.knownUntil.delete(id);
  }
}
