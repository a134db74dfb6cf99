import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { NatsConnection, ObjectStore } from 'nats';
import { Namespacer } from '../connection/namespacer';
import { NATS_CONNECTION } from '../connection/nats-connection.provider';
import { StreamReplicas } from '../connection/stream-replicas';
import { LazyObjectStore } from './lazy-object-store';

const BUCKET = 'REPLIES';
/** Long enough for any caller to fetch its reply; the caller deletes it at once anyway. */
const KEEP_MS = 10 * 60 * 1000;
/** Room left in a message for the protocol's own bytes. */
const HEADROOM_BYTES = 8 * 1024;
const DEFAULT_MAX_PAYLOAD = 1024 * 1024;

/**
 * Replies larger than a NATS message (1 MB by default) cross through a JetStream object store:
 * the responder stores the encoded reply and answers with its name, and the requester takes it
 * (reads and deletes it). Lists that can grow page by size so this stays the exception.
 */
@Injectable()
export class ReplySpill {
  private readonly store: LazyObjectStore;

  constructor(
    @Inject(NATS_CONNECTION) private readonly connection: NatsConnection,
    replicas: StreamReplicas,
    names: Namespacer,
  ) {
    this.store = new LazyObjectStore(connection, names.stream(BUCKET), KEEP_MS, replicas.count);
  }

  /** The largest reply that still fits in one message of the connected server. */
  get messageLimit(): number {
    return (this.connection.info?.max_payload ?? DEFAULT_MAX_PAYLOAD) - HEADROOM_BYTES;
  }

  async put(encoded: Uint8Array): Promise<string> {
    const name = randomUUID();
    await (await this.bucket()).putBlob({ name }, encoded);
    return name;
  }

  /** The stored reply, removed from the store; undefined if it expired. */
  async take(name: string): Promise<Uint8Array | undefined> {
    const bucket = await this.bucket();
    const encoded = await bucket.getBlob(name);
    await bucket.delete(name).catch(() => undefined);
    return encoded ?? undefined;
  }

  private bucket(): Promise<ObjectStore> {
    return this.store.open();
  }
}
