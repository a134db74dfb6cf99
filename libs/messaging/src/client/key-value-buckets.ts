import { Inject, Injectable, Logger } from '@nestjs/common';
import { KV, NatsConnection } from 'nats';
import { ConnectionState } from '../connection/connection-state';
import { Namespacer } from '../connection/namespacer';
import { NATS_CONNECTION } from '../connection/nats-connection.provider';
import { ensureStreamReplicasSoon, StreamReplicas } from '../connection/stream-replicas';

/**
 * JetStream key-value buckets, for small state that every replica must share (idempotency
 * records, say). Each bucket is opened (created when missing) once per process.
 */
@Injectable()
export class KeyValueBuckets {
  private readonly logger = new Logger(KeyValueBuckets.name);
  private readonly opened = new Map<string, Promise<KV>>();
  private readonly replicas: number;

  constructor(
    @Inject(NATS_CONNECTION) private readonly connection: NatsConnection,
    replicas: StreamReplicas,
    private readonly names: Namespacer,
    private readonly connectionState: ConnectionState,
  ) {
    this.replicas = replicas.count;
  }

  /**
   * The bucket `name` whose entries expire `ttlMs` after their last write; SERVICE_UNAVAILABLE at
   * once while NATS is away (every use of a bucket asks for it first).
   */
  async bucket(name: string, ttlMs: number): Promise<KV> {
    this.connectionState.assertUp();
    const bucketName = this.names.stream(name);
    let kv = this.opened.get(bucketName);
    if (!kv) {
      kv = this.connection
        .jetstream()
        .views.kv(bucketName, { ttl: ttlMs, history: 1, replicas: this.replicas });
      // nats.js names the stream of a bucket KV_<bucket>.
      const stream = `KV_${bucketName}`;
      kv.then(
        () => ensureStreamReplicasSoon(this.connection, stream, this.replicas, this.logger),
        () => this.opened.delete(bucketName),
      );
      this.opened.set(bucketName, kv);
    }
    return kv;
  }
}
