import { Inject, Injectable, Logger } from '@nestjs/common';
import { JetStreamManager, NatsConnection } from 'nats';
import { describeFailure } from '../failures/describe-failure';
import { MESSAGING_OPTIONS, MessagingOptions } from '../messaging.options';
import { NATS_CONNECTION } from './nats-connection.provider';

/**
 * How many copies the streams, key-value buckets and object stores made here keep:
 * NATS_STREAM_REPLICAS, or one on a NATS server that is not part of a cluster. JetStream refuses
 * to create a stream of more copies there (and would record more on an update without keeping
 * them), so the services work on with one and say so once.
 */
@Injectable()
export class StreamReplicas {
  readonly count: number;

  constructor(
    @Inject(NATS_CONNECTION) connection: NatsConnection,
    @Inject(MESSAGING_OPTIONS) options: MessagingOptions,
  ) {
    const wanted = options.streamReplicas ?? 1;
    const clustered = connection.info?.cluster !== undefined;
    this.count = clustered ? wanted : 1;
    if (this.count !== wanted) {
      new Logger(StreamReplicas.name).warn(
        `NATS_STREAM_REPLICAS is ${wanted}, but the NATS server at ${connection.getServer()} is ` +
          'not part of a cluster: streams, buckets and object stores keep one copy',
      );
    }
  }
}

/**
 * Brings an existing stream (or the stream behind a key-value bucket or object store) to
 * `replicas` copies. A cluster changes the count of a stream in place; where JetStream refuses
 * (a cluster with fewer nodes than copies), the stream keeps its count and one line says so: the
 * service works on, only less safely. Never throws.
 */
export async function ensureStreamReplicas(
  manager: JetStreamManager,
  stream: string,
  replicas: number,
  logger: Logger,
): Promise<void> {
  const kept = await replicasOf(manager, stream);
  if (kept === undefined || kept === replicas) return;
  try {
    await manager.streams.update(stream, { num_replicas: replicas });
    logger.log(`stream ${stream} now keeps ${replicas} copies (it kept ${kept})`);
  } catch (error) {
    // Services booting together change the same streams: another one may just have done it.
    if ((await replicasOf(manager, stream)) === replicas) return;
    logger.warn(
      `stream ${stream} keeps ${kept} ${kept === 1 ? 'copy' : 'copies'}: JetStream refused ` +
        `${replicas} (NATS_STREAM_REPLICAS): ${describeFailure(error)}`,
    );
  }
}

/**
 * ensureStreamReplicas for the stream behind a bucket or object store just opened, without
 * holding up its first use (nats.js creates a missing one with the right count, but leaves an
 * existing one as it is).
 */
export function ensureStreamReplicasSoon(
  connection: NatsConnection,
  stream: string,
  replicas: number,
  logger: Logger,
): void {
  void connection
    .jetstreamManager({ checkAPI: false })
    .then((manager) => ensureStreamReplicas(manager, stream, replicas, logger))
    .catch(() => undefined);
}

async function replicasOf(manager: JetStreamManager, stream: string): Promise<number | undefined> {
  return (await manager.streams.info(stream).catch(() => undefined))?.config.num_replicas;
}
