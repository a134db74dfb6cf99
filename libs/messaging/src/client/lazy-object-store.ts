import { Logger } from '@nestjs/common';
import { NatsConnection, ObjectStore } from 'nats';
import { ensureStreamReplicasSoon } from '../connection/stream-replicas';

const NANOS_PER_MS = 1_000_000;

/**
 * A JetStream object store opened (created when missing) on first use and kept open; a failed
 * open is forgotten so the next use tries again.
 */
export class LazyObjectStore {
  private readonly logger = new Logger(LazyObjectStore.name);
  private store?: Promise<ObjectStore>;

  constructor(
    private readonly connection: NatsConnection,
    private readonly bucketName: string,
    private readonly ttlMs: number,
    private readonly replicas: number,
  ) {}

  open(): Promise<ObjectStore> {
    if (!this.store) {
      const store = this.connection
        .jetstream()
        .views.os(this.bucketName, { ttl: this.ttlMs * NANOS_PER_MS, replicas: this.replicas });
      this.store = store;
      // nats.js names the stream of an object store OBJ_<bucket>.
      const stream = `OBJ_${this.bucketName}`;
      store.then(
        () => ensureStreamReplicasSoon(this.connection, stream, this.replicas, this.logger),
        () => (this.store = undefined),
      );
    }
    return this.store;
  }
}
