import { NatsConnection, ObjectStore } from 'nats';

const NANOS_PER_MS = 1_000_000;

/**
 * A JetStream object store opened (created when missing) on first use and kept open; a failed
 * open is forgotten so the next use tries again.
 */
export class LazyObjectStore {
  private store?: Promise<ObjectStore>;

  constructor(
    private readonly connection: NatsConnection,
    private readonly bucketName: string,
    private readonly ttlMs: number,
  ) {}

  open(): Promise<ObjectStore> {
    if (!this.store) {
      this.store = this.connection
        .jetstream()
        .views.os(this.bucketName, { ttl: this.ttlMs * NANOS_PER_MS });
      this.store.catch(() => (this.store = undefined));
    }
    return this.store;
  }
}
