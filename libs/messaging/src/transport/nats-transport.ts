import { CustomTransportStrategy, MessageHandler, Server } from '@nestjs/microservices';
import { lastValueFrom } from 'rxjs';
import { BatchHandler } from '../consumers/job-item';
import { JobConsumerMetadata, RequestHandlerMetadata } from '../decorators';
import { RequestHandlerRegistrar } from '../requests/request-handler.registrar';

/**
 * What a handler registered with the transport is, beside its pattern: the subject of a request
 * or broadcast, `consumer:<durable>` of a batch consumer.
 */
export type Route =
  | { kind: 'request'; metadata: RequestHandlerMetadata }
  | { kind: 'broadcast' }
  | { kind: 'jobs'; metadata: JobConsumerMetadata };

/** Starts a durable consumer of a batch handler; resolves once it is consuming. */
export type StartConsumer = (
  metadata: JobConsumerMetadata,
  handler: BatchHandler<object>,
) => Promise<void>;

const NATS_TRANSPORT = Symbol('ClarionNats');

/**
 * Clarion's messaging as a @nestjs/microservices transport: request handlers are message
 * handlers (pattern: the subject; one queue group per service; replies in envelopes), broadcast
 * listeners and JetStream batch consumers are event handlers (pattern: the subject, or
 * `consumer:` and the durable consumer's name). Handlers are added with `addHandler` and started
 * by `listen`; Nest's `transformToObservable` turns what they return (a value, a promise, an
 * Observable) into the answer.
 */
export class NatsTransport extends Server implements CustomTransportStrategy {
  override readonly transportId = NATS_TRANSPORT;

  constructor(
    private readonly requests: RequestHandlerRegistrar,
    private readonly startConsumer: StartConsumer,
  ) {
    super();
  }

  route(pattern: string, route: Route, handler: (payload: never) => unknown): void {
    const messageHandler: MessageHandler = (payload: unknown) =>
      Promise.resolve(handler(payload as never));
    this.addHandler(pattern, messageHandler, route.kind !== 'request', route);
  }

  override async listen(callback: (error?: unknown) => void): Promise<void> {
    try {
      for (const [pattern, head] of this.getHandlers()) {
        for (let handler: MessageHandler | undefined = head; handler; handler = handler.next) {
          await this.start(pattern, handler);
        }
      }
      callback();
    } catch (error) {
      callback(error);
      throw error;
    }
  }

  override async close(): Promise<void> {
    await this.requests.drain();
  }

  override on(): never {
    throw new Error('The NATS transport reports no events');
  }

  override unwrap<T>(): T {
    throw new Error('The NATS transport has no client of its own to unwrap');
  }

  private async start(pattern: string, handler: MessageHandler): Promise<void> {
    const route = handler.extras as Route;
    const answer = (payload: unknown) =>
      lastValueFrom(this.transformToObservable(handler(payload)));
    switch (route.kind) {
      case 'request':
        this.requests.register(route.metadata, answer);
        return;
      case 'broadcast':
        this.requests.listen(pattern, answer);
        return;
      case 'jobs':
        await this.startConsumer(route.metadata, answer as BatchHandler<object>);
        return;
    }
  }
}
