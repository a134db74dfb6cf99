import { Logger } from '@nestjs/common';
import { Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { AckPolicy, ConsumerMessages, DeliverPolicy, JsMsg, NatsConnection } from 'nats';
import { MessagingClient } from '../client/messaging.client';
import { Namespacer } from '../connection/namespacer';
import { JobConsumerMetadata } from '../decorators';
import { decodeAndValidate } from '../payload-validation';
import { extractTraceContext, messagingTracer } from '../tracing/trace-propagation';
import { BatchHandler, JobItem } from './job-item';
import { Settlement } from './settlement';

const NANOS_PER_MS = 1_000_000;
const ACK_WAIT_MS = 30_000;

interface PendingItem<T> extends JobItem<T> {
  readonly message: JsMsg;
  readonly span: Span;
  failure?: unknown;
}

/**
 * Runs one durable pull consumer: keeps messages flowing, hands whatever has arrived to the
 * handler as one batch (so writes can be batched under load while a lone message goes through
 * at once), and settles every message.
 */
export class JobConsumerRunner<T extends object> {
  private readonly logger: Logger;
  private readonly settlement: Settlement;
  private readonly buffer: JsMsg[] = [];
  private messages?: ConsumerMessages;
  private processing?: Promise<void>;
  private stopped = false;

  constructor(
    private readonly connection: NatsConnection,
    client: MessagingClient,
    private readonly names: Namespacer,
    private readonly metadata: JobConsumerMetadata,
    private readonly handler: BatchHandler<T>,
  ) {
    this.logger = new Logger(`Consumer ${metadata.durable}`);
    this.settlement = new Settlement(
      client,
      metadata.stream,
      metadata.durable,
      metadata.maxDeliver,
    );
  }

  async start(): Promise<void> {
    const stream = this.names.stream(this.metadata.stream);
    await this.ensureConsumer(stream);
    const consumer = await this.connection.jetstream().consumers.get(stream, this.metadata.durable);
    this.messages = await consumer.consume({ max_messages: this.metadata.maxBatch * 2 });
    void this.pump(this.messages);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.messages?.close().catch(() => undefined);
    await this.processing;
  }

  private async ensureConsumer(stream: string): Promise<void> {
    const manager = await this.connection.jetstreamManager();
    const config = {
      durable_name: this.metadata.durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: this.names.subject(this.metadata.filterSubject),
      ack_wait: ACK_WAIT_MS * NANOS_PER_MS,
      // Redelivery is never capped by the server: the runner dead-letters on its last attempt.
      max_deliver: -1,
      max_ack_pending: 10_000,
    };
    await manager.consumers.add(stream, config).catch(async () => {
      await manager.consumers.update(stream, this.metadata.durable, config);
    });
  }

  private async pump(messages: ConsumerMessages): Promise<void> {
    try {
      for await (const message of messages) {
        this.buffer.push(message);
        this.processing ??= this.processBuffer();
      }
    } catch (error) {
      this.logger.error(error instanceof Error ? error : String(error));
    }
    if (this.stopped) return;
    // The subscription ended without being asked to (e.g. the consumer was deleted): start over.
    this.logger.warn('consumer stopped unexpectedly; restarting');
    this.restartLater();
  }

  private restartLater(): void {
    setTimeout(() => {
      if (this.stopped) return;
      this.start().catch((error: unknown) => {
        this.logger.error(`restart failed, trying again: ${String(error)}`);
        this.restartLater();
      });
    }, 1_000);
  }

  private async processBuffer(): Promise<void> {
    // Let the rest of a burst arrive, so it is handled as one batch.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.buffer.length > 0) {
      await this.processBatch(this.buffer.splice(0, this.metadata.maxBatch));
    }
    this.processing = undefined;
  }

  private async processBatch(batch: JsMsg[]): Promise<void> {
    const items = (await Promise.all(batch.map((m) => this.toItem(m)))).filter(
      (item): item is PendingItem<T> => item !== undefined,
    );
    if (items.length === 0) return;
    try {
      await this.handler(items);
    } catch (error) {
      this.logger.error(error instanceof Error ? error : String(error));
      items.forEach((item) => item.retry(error));
    }
    await Promise.all(items.map((item) => this.settle(item)));
  }

  private async toItem(message: JsMsg): Promise<PendingItem<T> | undefined> {
    try {
      const payload = await decodeAndValidate<T>(message.data, this.metadata.dto);
      const parent = extractTraceContext(message.headers);
      const span = messagingTracer().startSpan(
        `process ${this.metadata.filterSubject}`,
        {
          kind: SpanKind.CONSUMER,
          attributes: {
            'messaging.system': 'nats',
            'messaging.consumer.group.name': this.metadata.durable,
          },
        },
        parent,
      );
      const item: PendingItem<T> = {
        payload,
        message,
        span,
        subject: message.subject,
        deliveryCount: message.info.redeliveryCount,
        traceContext: trace.setSpan(parent, span),
        retry: (reason) => {
          item.failure = reason ?? new Error('retry requested');
        },
      };
      return item;
    } catch (error) {
      await this.settlement.malformed(message, error);
      return undefined;
    }
  }

  private async settle(item: PendingItem<T>): Promise<void> {
    if (item.failure === undefined) {
      this.settlement.succeeded(item.message);
    } else {
      item.span.setStatus({ code: SpanStatusCode.ERROR });
      await this.settlement.failed(item.message, item.failure);
    }
    item.span.end();
  }
}
