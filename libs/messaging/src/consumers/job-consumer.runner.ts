import { Logger } from '@nestjs/common';
import { context, Span, trace } from '@opentelemetry/api';
import {
  AckPolicy,
  ConsumerMessages,
  DeliverPolicy,
  JetStreamManager,
  JsMsg,
  NatsConnection,
} from 'nats';
import { ConsumerLag } from '@clarion/observability';
import { MessagingClient } from '../client/messaging.client';
import { Namespacer } from '../connection/namespacer';
import { JobConsumerMetadata } from '../decorators';
import { describeFailure } from '../failures/describe-failure';
import { failureKindOf } from '../failures/failure-kind';
import { decodeChecked } from '../payload-validation';
import { runInBatchTrace } from '../tracing/batch-trace';
import {
  consumedSubjectOf,
  isWildcardFilter,
  startBatchProcessTrace,
  startMessageProcessSpan,
} from '../tracing/process-spans';
import { recordFailure } from '../tracing/span-failure';
import { traceContextOf } from '../tracing/trace-propagation';
import { BatchHandler, JobItem } from './job-item';
import { Settlement } from './settlement';

const NANOS_PER_MS = 1_000_000;
const ACK_WAIT_MS = 30_000;
/** While a batch is being handled, the server is told so this often (well within ack_wait). */
const IN_PROGRESS_EVERY_MS = 10_000;

interface PendingItem<T> extends JobItem<T> {
  readonly message: JsMsg;
  /** The message's own span, when the consumer is traced per message. */
  readonly span?: Span;
  failure?: unknown;
  retryDelayMs?: number;
  deadLetterReason?: string;
}

/**
 * Runs one durable pull consumer: keeps messages flowing, hands whatever has arrived to the
 * handler as one batch (so writes can be batched under load while a lone message goes through
 * at once), and settles every message.
 */
export class JobConsumerRunner<T extends object> {
  private readonly logger: Logger;
  /** Spans are named after the subject that came only under a wildcard filter. */
  private readonly filterHasWildcard: boolean;
  private readonly settlement: Settlement;
  private readonly buffer: JsMsg[] = [];
  private readonly running = new Set<Promise<void>>();
  private messages?: ConsumerMessages;
  private manager?: JetStreamManager;
  private drainScheduled = false;
  private stopped = false;

  constructor(
    private readonly connection: NatsConnection,
    client: MessagingClient,
    private readonly names: Namespacer,
    private readonly metadata: JobConsumerMetadata,
    private readonly handler: BatchHandler<T>,
  ) {
    this.logger = new Logger(`Consumer ${metadata.durable}`);
    this.filterHasWildcard = isWildcardFilter(metadata.filterSubject);
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
    this.messages = await consumer.consume({
      max_messages: this.metadata.maxBatch * (this.metadata.concurrency + 1),
    });
    void this.pump(this.messages);
  }

  /** Stops taking messages, hands back those not started, and waits for those running. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.messages?.close().catch(() => undefined);
    this.buffer.splice(0).forEach((message) => message.nak());
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  /** The consumer's backlog as the server counts it, for the lag metrics. */
  async lag(): Promise<ConsumerLag> {
    this.manager ??= await this.connection.jetstreamManager({ checkAPI: false });
    const info = await this.manager.consumers.info(
      this.names.stream(this.metadata.stream),
      this.metadata.durable,
    );
    return {
      stream: this.metadata.stream,
      consumer: this.metadata.durable,
      pending: info.num_pending,
      ackPending: info.num_ack_pending,
      redelivered: info.num_redelivered,
    };
  }

  private async ensureConsumer(stream: string): Promise<void> {
    const manager = await this.connection.jetstreamManager();
    const config = {
      durable_name: this.metadata.durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: this.metadata.deliverPolicy === 'new' ? DeliverPolicy.New : DeliverPolicy.All,
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
        this.scheduleDrain();
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

  /**
   * Lets the rest of a burst arrive first, so it is handled as one batch: until the next tick,
   * or for `lingerMs` where the consumer asks to, unless a whole batch is already here.
   */
  private scheduleDrain(): void {
    if (this.buffer.length >= this.metadata.maxBatch) {
      this.drain();
      return;
    }
    if (this.drainScheduled) return;
    this.drainScheduled = true;
    const drainLater = () => {
      this.drainScheduled = false;
      this.drain();
    };
    if (this.metadata.lingerMs > 0) setTimeout(drainLater, this.metadata.lingerMs);
    else setImmediate(drainLater);
  }

  /** Starts batches while fewer than `concurrency` are running. */
  private drain(): void {
    if (this.stopped) return;
    while (this.buffer.length > 0 && this.running.size < this.metadata.concurrency) {
      const run: Promise<void> = this.processBatch(
        this.buffer.splice(0, this.metadata.maxBatch),
      ).finally(() => {
        this.running.delete(run);
        this.drain();
      });
      this.running.add(run);
    }
  }

  private async processBatch(batch: JsMsg[]): Promise<void> {
    const items = (await Promise.all(batch.map((message) => this.toItem(message)))).filter(
      (item): item is PendingItem<T> => item !== undefined,
    );
    if (items.length === 0) return;
    const batchTrace =
      this.metadata.tracedPer === 'batch'
        ? startBatchProcessTrace(items, this.consumedSubjectOf(items), this.metadata.durable)
        : undefined;
    const heartbeat = setInterval(
      () => items.forEach((item) => item.message.working()),
      IN_PROGRESS_EVERY_MS,
    );
    try {
      await (batchTrace
        ? context.with(batchTrace.context, () => this.handleIsolatingFailures(items))
        : this.handleIsolatingFailures(items));
    } finally {
      clearInterval(heartbeat);
    }
    try {
      await Promise.all(
        items.map((item) => this.settleInItsTrace(item, item.span ?? batchTrace?.span)),
      );
    } finally {
      batchTrace?.span.end();
    }
  }

  /**
   * Runs the handler on the batch. When it throws for any reason but a dependency being away,
   * one message may be to blame (a batch is often one statement): the batch is split and each
   * half run again, so the bad message ends up alone and is settled by itself while the others
   * go through. A transient failure retries the whole batch: splitting it would not help.
   */
  private async handleIsolatingFailures(items: PendingItem<T>[]): Promise<void> {
    try {
      await (this.metadata.tracedPer === 'batch'
        ? this.handler(items)
        : runInBatchTrace(items, this.consumedSubjectOf(items), () => this.handler(items)));
      return;
    } catch (error) {
      if (items.length === 1 || failureKindOf(error) === 'transient') {
        items.forEach((item) => item.retry(error));
        return;
      }
      this.logger.warn(
        `a batch of ${items.length} failed, retrying it in halves to isolate the cause: ${describeFailure(error)}`,
      );
    }
    const middle = Math.ceil(items.length / 2);
    for (const half of [items.slice(0, middle), items.slice(middle)]) {
      half.forEach(clearOutcome);
      await this.handleIsolatingFailures(half);
    }
  }

  private async toItem(message: JsMsg): Promise<PendingItem<T> | undefined> {
    try {
      const payload = decodeChecked<T>(message.data, this.metadata.check);
      const parent = traceContextOf(message);
      const span =
        this.metadata.tracedPer === 'message'
          ? startMessageProcessSpan(
              parent,
              payload,
              this.consumedSubjectOf([message]),
              this.metadata.durable,
              message.info.redeliveryCount,
            )
          : undefined;
      const item: PendingItem<T> = {
        payload,
        message,
        span,
        subject: message.subject,
        deliveryCount: message.info.redeliveryCount,
        traceContext: span ? trace.setSpan(parent, span) : parent,
        retry: (reason, delayMs) => {
          item.failure = reason ?? new Error('retry requested');
          item.retryDelayMs = delayMs;
        },
        deadLetter: (reason) => {
          item.deadLetterReason = reason;
        },
      };
      return item;
    } catch (error) {
      await this.settlement.malformed(message, error);
      return undefined;
    }
  }

  /**
   * What the spans of these messages are named after (see consumedSubjectOf): the filter
   * subject, without looking at the messages, unless it has a wildcard.
   */
  private consumedSubjectOf(messages: readonly { subject: string }[]): string {
    if (!this.filterHasWildcard) return this.metadata.filterSubject;
    return consumedSubjectOf(
      this.metadata.filterSubject,
      messages.map((message) => this.names.withoutNamespace(message.subject)),
      this.metadata.durable,
    );
  }

  /**
   * Settles a message that failed in its own trace, so what settling logs (a retry, a dead
   * letter) names its traceId; a success is only acked, which needs no context.
   */
  private settleInItsTrace(item: PendingItem<T>, span: Span | undefined): Promise<void> {
    return isSuccess(item)
      ? this.settle(item, span)
      : context.with(item.traceContext, () => this.settle(item, span));
  }

  /** Acks, retries or dead-letters the message; a failure marks `span` (its own or its batch's). */
  private async settle(item: PendingItem<T>, span: Span | undefined): Promise<void> {
    if (item.deadLetterReason !== undefined) {
      if (span) recordFailure(span, new Error(`dead-lettered: ${item.deadLetterReason}`));
      await this.settlement.deadLetter(item.message, item.deadLetterReason);
    } else if (item.failure === undefined) {
      this.settlement.succeeded(item.message);
    } else {
      if (span) recordFailure(span, item.failure);
      await this.settlement.failed(item.message, item.failure, item.retryDelayMs);
    }
    item.span?.end();
  }
}

function isSuccess(item: PendingItem<unknown>): boolean {
  return item.failure === undefined && item.deadLetterReason === undefined;
}

/** Forgets what an earlier run of the handler decided for the item, before it is run again. */
function clearOutcome(item: PendingItem<unknown>): void {
  item.failure = undefined;
  item.retryDelayMs = undefined;
  item.deadLetterReason = undefined;
}
