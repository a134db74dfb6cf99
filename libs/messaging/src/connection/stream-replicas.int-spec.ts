import { INestApplicationContext, Logger, Module } from '@nestjs/common';
import { STREAMS } from '@clarion/contracts';
import {
  bootService,
  createTestNamespace,
  dropTestNamespace,
  eventually,
  NatsCluster,
} from '@clarion/testing';
import { connect, NatsConnection, RetentionPolicy } from 'nats';
import { isDeepStrictEqual } from 'node:util';
import { BlobStore } from '../client/blob-store';
import { KeyValueBuckets } from '../client/key-value-buckets';
import { ReplySpill } from '../client/reply-spill';
import { MessagingModule } from '../messaging.module';
import { MessagingOptions } from '../messaging.options';
import { Namespacer } from './namespacer';
import { StreamProvisioner } from './stream-provisioner';
import { ensureStreamReplicas, StreamReplicas } from './stream-replicas';

const optionsOf = (
  natsUrl: string | string[],
  namespace: string,
  streamReplicas: number,
): MessagingOptions => ({
  serviceName: 'test',
  natsUrl,
  namespace,
  requestTimeoutMs: 1_000,
  streamReplicas,
});

async function bootMessaging(options: MessagingOptions): Promise<INestApplicationContext> {
  @Module({ imports: [MessagingModule.forRoot(options)] })
  class ReplicasModule {}
  return bootService({ module: ReplicasModule });
}

/** What the services make in a namespace: its streams, and the buckets and stores used below. */
const madeIn = (namespace: string) =>
  [
    ...STREAMS.map((stream) => `${namespace}_${stream.name}`),
    `KV_${namespace}_IDEMPOTENCY`,
    `KV_${namespace}_deployment`,
    `OBJ_${namespace}_BLOBS`,
    `OBJ_${namespace}_REPLIES`,
  ].sort();

async function replicasIn(connection: NatsConnection, namespace: string) {
  const replicas: Record<string, number> = {};
  for await (const info of (await connection.jetstreamManager()).streams.list()) {
    if (info.config.name.includes(`${namespace}_`))
      replicas[info.config.name] = info.config.num_replicas;
  }
  return replicas;
}

async function useBucketsAndStores(app: INestApplicationContext): Promise<void> {
  const bytes = new TextEncoder().encode('x');
  await app.get(KeyValueBuckets).bucket('IDEMPOTENCY', 60_000);
  await app.get(KeyValueBuckets).bucket('deployment', 60_000);
  await app.get(BlobStore).put('blob', bytes);
  await app.get(ReplySpill).put(bytes);
}

describe('stream replicas on a 3-node cluster', () => {
  const namespace = createTestNamespace();
  let cluster: NatsCluster;
  let raw: NatsConnection;
  let app: INestApplicationContext;

  beforeAll(async () => {
    cluster = await NatsCluster.start(3);
    raw = await connect({ servers: cluster.url.split(',') });
    // What a deployment made before it set NATS_STREAM_REPLICAS: one copy.
    await (
      await raw.jetstreamManager()
    ).streams.add({
      name: `${namespace}_SENDS`,
      subjects: [`${namespace}.sends.>`],
      retention: RetentionPolicy.Workqueue,
      num_replicas: 1,
    });
    await raw.jetstream().views.kv(`${namespace}_IDEMPOTENCY`, { replicas: 1 });
    app = await bootMessaging(optionsOf(cluster.url.split(','), namespace, 3));
    // The cluster's own deadlines (NatsCluster: 30 s to form) come first, on a slow machine too.
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await raw?.close();
    await cluster?.stop();
  });

  it('gives every stream, bucket and object store three copies, those made with one included', async () => {
    await useBucketsAndStores(app);

    // A stream on its way from one copy to three can be missing from the cluster's list for a
    // moment, so the wait is for the whole list.
    const threeOfEach = Object.fromEntries(madeIn(namespace).map((name) => [name, 3]));
    let replicas: Record<string, number> = {};
    await eventually(
      async () => {
        replicas = await replicasIn(raw, namespace);
        return isDeepStrictEqual(replicas, threeOfEach) || undefined;
      },
      { timeoutMs: 20_000, intervalMs: 250 },
    ).catch(() => undefined);
    expect(replicas).toEqual(threeOfEach);
  });

  it('keeps a stream at its copies when the cluster cannot hold more, and says so in one line', async () => {
    const logger = new Logger('test');
    const warn = jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const sends = `${namespace}_SENDS`;

    await ensureStreamReplicas(await raw.jetstreamManager(), sends, 5, logger);

    expect((await replicasIn(raw, namespace))[sends]).toBe(3);
    expect(warn.mock.calls).toEqual([
      [
        expect.stringMatching(
          `^stream ${sends} keeps 3 copies: JetStream refused 5 \\(NATS_STREAM_REPLICAS\\): .+`,
        ),
      ],
    ]);
  });

  it('fails boot naming NATS_STREAM_REPLICAS when the cluster cannot create a stream of that many copies', async () => {
    const options = optionsOf(cluster.url.split(','), createTestNamespace(), 5);
    const sut = new StreamProvisioner(
      raw,
      new StreamReplicas(raw, options),
      new Namespacer(options),
    );

    await expect(sut.provisionAll()).rejects.toThrow(
      /^stream \w+_SENDS could not be created with 5 copies \(NATS_STREAM_REPLICAS\): .+/,
    );
  });
});

describe('stream replicas on a single NATS server', () => {
  const namespace = createTestNamespace();
  let raw: NatsConnection;

  beforeAll(async () => {
    raw = await connect({ servers: process.env['NATS_URL'] });
  });

  afterAll(async () => {
    await raw.close();
    await dropTestNamespace(namespace);
  });

  it('makes everything with one copy, saying once that NATS_STREAM_REPLICAS cannot be kept', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const app = await bootMessaging(optionsOf(process.env['NATS_URL']!, namespace, 3));
    try {
      await useBucketsAndStores(app);

      expect(warn.mock.calls).toEqual([
        [
          expect.stringMatching(
            /^NATS_STREAM_REPLICAS is 3, but the NATS server at .+ is not part of a cluster/,
          ),
        ],
      ]);
      const replicas = await replicasIn(raw, namespace);
      expect(Object.keys(replicas).sort()).toEqual(madeIn(namespace));
      expect(Object.values(replicas).every((count) => count === 1)).toBe(true);
    } finally {
      warn.mockRestore();
      await app.close();
    }
  });
});
