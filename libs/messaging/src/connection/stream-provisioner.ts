import { Inject, Injectable, Logger } from '@nestjs/common';
import { STREAMS, StreamDefinition } from '@clarion/contracts';
import { JetStreamManager, NatsConnection, RetentionPolicy, StorageType, StreamConfig } from 'nats';
import { describeFailure } from '../failures/describe-failure';
import { Namespacer } from './namespacer';
import { NATS_CONNECTION } from './nats-connection.provider';
import { ensureStreamReplicas, StreamReplicas } from './stream-replicas';

const NANOS_PER_MS = 1_000_000;
/** Window in which a re-publish with the same Nats-Msg-Id is dropped. */
const DUPLICATE_WINDOW_MS = 10 * 60 * 1000;

/** Creates or updates every stream of the system; safe to run from many services at once. */
@Injectable()
export class StreamProvisioner {
  private readonly logger = new Logger(StreamProvisioner.name);
  private readonly replicas: number;

  constructor(
    @Inject(NATS_CONNECTION) private readonly connection: NatsConnection,
    replicas: StreamReplicas,
    private readonly names: Namespacer,
  ) {
    this.replicas = replicas.count;
  }

  async provisionAll(): Promise<void> {
    const manager = await this.connection.jetstreamManager();
    for (const definition of STREAMS) await this.provision(manager, definition);
  }

  private async provision(manager: JetStreamManager, definition: StreamDefinition): Promise<void> {
    const config = this.configOf(definition);
    const existing = await manager.streams.info(config.name).catch(() => undefined);
    if (!existing) {
      await manager.streams.add(config).catch(async (error: unknown) => {
        // Another service created it between our look-up and our add.
        if (await manager.streams.info(config.name).catch(() => undefined)) return;
        throw new Error(
          `stream ${config.name} could not be created with ${this.replicas} ` +
            `${this.replicas === 1 ? 'copy' : 'copies'} (NATS_STREAM_REPLICAS): ${describeFailure(error)}`,
        );
      });
      this.logger.debug(`stream ${config.name} created`);
      return;
    }
    const sameSubjects = existing.config.subjects.join() === config.subjects.join();
    if (!sameSubjects) await manager.streams.update(config.name, { subjects: config.subjects });
    if (existing.config.num_replicas !== this.replicas) {
      await ensureStreamReplicas(manager, config.name, this.replicas, this.logger);
    }
  }

  private configOf(
    definition: StreamDefinition,
  ): Partial<StreamConfig> & { name: string; subjects: string[] } {
    return {
      name: this.names.stream(definition.name),
      subjects: definition.subjects.map((s) => this.names.subject(s)),
      retention:
        definition.retention === 'workqueue' ? RetentionPolicy.Workqueue : RetentionPolicy.Limits,
      storage: StorageType.File,
      num_replicas: this.replicas,
      max_age: definition.maxAgeMs * NANOS_PER_MS,
      duplicate_window: DUPLICATE_WINDOW_MS * NANOS_PER_MS,
    };
  }
}
