import { Inject, Injectable } from '@nestjs/common';
import { NatsConnection, ObjectStore } from 'nats';
import { Namespacer } from '../connection/namespacer';
import { NATS_CONNECTION } from '../connection/nats-connection.provider';

const BUCKET = 'BLOBS';
const KEEP_MS = 7 * 24 * 60 * 60 * 1000;
const NANOS_PER_MS = 1_000_000;

/**
 * Bytes too large for a message (NATS caps a message at 1 MB by default), kept in a JetStream
 * object store, chunked, and referenced from messages by name. Entries expire after 7 days.
 */
@Injectable()
export class BlobStore {
  private store?: Promise<ObjectStore>;

  constructor(
    @Inject(NATS_CONNECTION) private readonly connection: NatsConnection,
    private readonly names: Namespacer,
  ) {}

  async put(name: string, data: Uint8Array): Promise<void> {
    await (await this.bucket()).putBlob({ name }, data);
  }

  /** The bytes, or undefined when there is no such blob (expired, or never stored). */
  async get(name: string): Promise<Uint8Array | undefined> {
    return (await (await this.bucket()).getBlob(name)) ?? undefined;
  }

  private bucket(): Promise<ObjectStore> {
    if (!this.store) {
      this.store = this.connection
        .jetstream()
        .views.os(this.names.stream(BUCKET), { ttl: KEEP_MS * NANOS_PER_MS });
      this.store.catch(() => (this.store = undefined));
    }
    return this.store;
  }
}
