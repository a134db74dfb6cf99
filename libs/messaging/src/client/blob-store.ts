import { Inject, Injectable } from '@nestjs/common';
import { NatsConnection, ObjectStore } from 'nats';
import { Namespacer } from '../connection/namespacer';
import { NATS_CONNECTION } from '../connection/nats-connection.provider';
import { StreamReplicas } from '../connection/stream-replicas';
import { LazyObjectStore } from './lazy-object-store';

const BUCKET = 'BLOBS';
const KEEP_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Bytes too large for a message (NATS caps a message at 1 MB by default), kept in a JetStream
 * object store, chunked, and referenced from messages by name. Entries expire after 7 days.
 */
@Injectable()
export class BlobStore {
  private readonly store: LazyObjectStore;

  constructor(
    @Inject(NATS_CONNECTION) connection: NatsConnection,
    replicas: StreamReplicas,
    names: Namespacer,
  ) {
    this.store = new LazyObjectStore(connection, names.stream(BUCKET), KEEP_MS, replicas.count);
  }

  async put(name: string, data: Uint8Array): Promise<void> {
    await (await this.bucket()).putBlob({ name }, data);
  }

  /**
   * Stores bytes as they arrive, so a large blob is never whole in memory. When `data` errors,
   * what was stored of it is removed and the error is thrown.
   */
  async putStream(name: string, data: ReadableStream<Uint8Array>): Promise<void> {
    await (await this.bucket()).put({ name }, data);
  }

  async delete(name: string): Promise<void> {
    await (await this.bucket()).delete(name);
  }

  /** The bytes, or undefined when there is no such blob (expired, or never stored). */
  async get(name: string): Promise<Uint8Array | undefined> {
    return (await (await this.bucket()).getBlob(name)) ?? undefined;
  }

  private bucket(): Promise<ObjectStore> {
    return this.store.open();
  }
}
