import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { NatsConnection } from 'nats';
import { observeConsumerLag } from '@clarion/observability';
import { MessagingClient } from './client/messaging.client';
import { MessagingReadiness } from './connection/messaging-readiness';
import { Namespacer } from './connection/namespacer';
import { NATS_CONNECTION } from './connection/nats-connection.provider';
import { StreamProvisioner } from './connection/stream-provisioner';
import { JobConsumerRunner } from './consumers/job-consumer.runner';
import { ConsumerTuner } from './consumers/consumer-tuner';
import { BatchHandler } from './consumers/job-item';
import {
  BROADCAST_LISTENER,
  JOB_CONSUMER,
  JobConsumerMetadata,
  REQUEST_HANDLER,
  RequestHandlerMetadata,
} from './decorators';
import { RequestHandlerRegistrar } from './requests/request-handler.registrar';
import { NatsTransport } from './transport/nats-transport';

/**
 * Finds the @HandleRequest, @OnBroadcast and @ConsumeJobs methods of the application at boot,
 * adds them to the NATS transport (a @nestjs/microservices transport strategy) and starts it; on
 * shutdown stops taking work, finishes what is in hand, and drains the connection.
 */
@Injectable()
export class MessagingExplorer
  implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown
{
  private readonly logger = new Logger('Messaging');
  private readonly runners: JobConsumerRunner<object>[] = [];
  private readonly transport: NatsTransport;

  constructor(
    @Inject(NATS_CONNECTION) private readonly connection: NatsConnection,
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    private readonly provisioner: StreamProvisioner,
    registrar: RequestHandlerRegistrar,
    private readonly client: MessagingClient,
    private readonly names: Namespacer,
    private readonly readiness: MessagingReadiness,
  ) {
    this.transport = new NatsTransport(registrar, (metadata, handler) =>
      this.startConsumer(metadata, handler),
    );
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.provisioner.provisionAll();
    for (const { instance, methodName } of this.handlerMethods()) {
      const target = instance[methodName] as (arg: never) => unknown;
      const handler = target.bind(instance) as (payload: never) => unknown;
      const request = this.reflector.get<RequestHandlerMetadata | undefined>(
        REQUEST_HANDLER,
        target,
      );
      if (request)
        this.transport.route(request.subject, { kind: 'request', metadata: request }, handler);
      const listener = this.reflector.get<{ subject: string } | undefined>(
        BROADCAST_LISTENER,
        target,
      );
      if (listener) this.transport.route(listener.subject, { kind: 'broadcast' }, handler);
      const job = this.reflector.get<JobConsumerMetadata | undefined>(JOB_CONSUMER, target);
      if (job) {
        const metadata = isConsumerTuner(instance) ? instance.tuneConsumer(job) : job;
        this.transport.route(`consumer:${metadata.durable}`, { kind: 'jobs', metadata }, handler);
      }
    }
    await this.transport.listen((error) => {
      if (error === undefined) this.readiness.markHandlersStarted();
    });
    if (this.runners.length > 0) {
      observeConsumerLag(() => Promise.all(this.runners.map((runner) => runner.lag())));
    }
  }

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all(this.runners.map((runner) => runner.stop()));
    await this.transport.close();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.connection.drain().catch(() => undefined);
  }

  private async startConsumer(
    metadata: JobConsumerMetadata,
    handler: BatchHandler<object>,
  ): Promise<void> {
    const runner = new JobConsumerRunner(
      this.connection,
      this.client,
      this.names,
      metadata,
      handler,
    );
    await runner.start();
    this.runners.push(runner);
    this.logger.debug(`consuming ${metadata.filterSubject} as ${metadata.durable}`);
  }

  private handlerMethods(): { instance: Record<string, unknown>; methodName: string }[] {
    return this.discovery
      .getProviders()
      .map((wrapper) => wrapper.instance as Record<string, unknown> | undefined)
      .filter(
        (instance): instance is Record<string, unknown> =>
          !!instance && typeof instance === 'object',
      )
      .flatMap((instance) =>
        this.scanner
          .getAllMethodNames(Object.getPrototypeOf(instance) as object)
          .map((methodName) => ({ instance, methodName })),
      );
  }
}

function isConsumerTuner(instance: object): instance is ConsumerTuner {
  return typeof (instance as Partial<ConsumerTuner>).tuneConsumer === 'function';
}
