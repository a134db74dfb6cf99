import { Logger } from '@nestjs/common';
import { context, Context, Span, trace } from '@opentelemetry/api';
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
import { BundlePart, partCountOf, partsOf } from '../bundles/bundle-format';
import { checkedProblemOf, decodeChecked } from '../payload-validation';
import { runInBatchTrace } from '../tracing/batch-trace';
import {
  consumedSubjectOf,
  isWildcardFilter,
  startBatchProcessTrace,
  startMessageProcessSpan,
} from '../tracing/process-spans';
import { recordFailure } from '../tracing/span-failure';
import { traceContextOf, traceContextOfPart } from '../tracing/trace-propagation';
import { BatchHandler, JobItem } from './job-item';
import { Settlement } from './settlement';

const NANOS_PER_MS = 1_000_000;
const ACK_WAIT_MS = 30_000;
/** While a batch is being handled, the server is told so this often (well within ack_wait). */
const IN_PROGRESS_EVERY_MS = 10_000;
/**
 * How long a pull waits for messages before the client pulls again; while idle the server sends
 * a heartbeat every half of it. A pull dies with its consumer's leader (a lost NATS node), which
 * the client notices after two missed heartbeats and pulls again from the new leader: a stall of
 * seconds, where nats.js's default (30 s) held a consumer up to a minute after the election.
 */
const PULL_EXPIRES_MS = 5_000;

interface BufferedMessage {
  readonly message: JsMsg;
  /** 1, or the parts of a bundle. */
  readonly parts: number;
}

/** Where an item sits in the bundle that carried it. */
interface BundlePartOf {
  readonly index: number;
  readonly headers: Record<string, string>;
}

interface PendingItem<T> extends JobItem<T> {
  readonly message: JsMsg;
  /** Set when the message is a bundle: the item is one of its parts. */
  readonly bundlePart?: BundlePartOf;
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
  /** Messages waiting for a batch, each with its part count (read once, from its headers). */
  private readonly buffer: BufferedMessage[] = [];
  /** The messages the buffer stands for, a bundle counting as its parts. */
  private bufferedParts = 0;
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
      expires: PULL_EXPIRES_MS,
    });
    void this.pump(this.messages);
  }

  /** Stops taking messages, hands back those not started, and waits for those running. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.messages?.close().catch(() => undefined);
    this.buffer.splice(0).forEach(({ message }) => message.nak());
    this.bufferedParts = 0;
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
        const parts = partCountOf(message);
        this.buffer.push({ message, parts });
        this.bufferedParts += parts;
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
    if (this.bufferedParts >= this.metadata.maxBatch) {
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
      const run: Promise<void> = this.processBatch(this.takeBatch()).finally(() => {
        this.running.delete(run);
        this.drain();
      });
      this.running.add(run);
    }
  }

  /** The first buffered messages, up to `maxBatch` messages counting bundles' parts (at least one). */
  private takeBatch(): BufferedMessage[] {
    let count = 0;
    let parts = 0;
    for (const buffered of this.buffer) {
      if (count > 0 && parts + buffered.parts > this.metadata.maxBatch) break;
      parts += buffered.parts;
      count++;
    }
    this.bufferedParts -= parts;
    return this.buffer.splice(0, count);
  }

  private async processBatch(batch: BufferedMessage[]): Promise<void> {
    const all = (await Promise.all(batch.map((buffered) => this.toItems(buffered)))).flat();
    // Parts already dead-lettered for their shape are settled with their bundle, not handled.
    const items = all.filter((item) => item.deadLetterReason === undefined);
    if (all.length === 0) return;
    const batchTrace =
      this.metadata.tracedPer === 'batch' && items.length > 0
        ? startBatchProcessTrace(items, this.consumedSubjectOf(items), this.metadata.durable)
        : undefined;
    const heartbeat = setInterval(
      () => batch.forEach(({ message }) => message.working()),
      IN_PROGRESS_EVERY_MS,
    );
    try {
      if (items.length > 0) {
        await (batchTrace
          ? context.with(batchTrace.context, () => this.handleIsolatingFailures(items))
          : this.handleIsolatingFailures(items));
      }
    } finally {
      clearInterval(heartbeat);
    }
    try {
      await Promise.all([
        ...all
          .filter((item) => !item.bundlePart)
          .map((item) => this.settleInItsTrace(item, item.span ?? batchTrace?.span)),
        ...[...bundlesOf(all)].map(([message, parts]) =>
          this.settleBundle(message, parts, batchTrace?.span),
        ),
      ]);
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

  /** The items of a message: itself, or each part of a bundle. */
  private async toItems({ message, parts: count }: BufferedMessage): Promise<PendingItem<T>[]> {
    if (count === 1) {
      const item = await this.toItem(message);
      return item ? [item] : [];
    }
    let parts: BundlePart[];
    try {
      parts = partsOf(message.data);
    } catch (error) {
      await this.settlement.malformed(message, error);
      return [];
    }
    return parts.map((part, index) => this.partItem(message, part, index));
  }

  private async toItem(message: JsMsg): Promise<PendingItem<T> | undefined> {
    try {
      const payload = decodeChecked<T>(message.data, this.metadata.check);
      return this.itemOf(message, payload, traceContextOf(message));
    } catch (error) {
      await this.settlement.malformed(message, error);
      return undefined;
    }
  }

  /** A part of a bundle; one not of its shape is dead-lettered alone, never handled. */
  private partItem(message: JsMsg, part: BundlePart, index: number): PendingItem<T> {
    const bundlePart = { index, headers: part.h ?? {} };
    const parent = traceContextOfPart(part.h);
    const problem = checkedProblemOf(part.p, this.metadata.check);
    if (problem === undefined) return this.itemOf(message, part.p as T, parent, bundlePart);
    const item = this.itemOf(message, part.p as T, parent, bundlePart, { traced: false });
    item.deadLetter(`malformed: ${problem}`);
    return item;
  }

  private itemOf(
    message: JsMsg,
    payload: T,
    parent: Context,
    bundlePart?: BundlePartOf,
    { traced = true } = {},
  ): PendingItem<T> {
    const span =
      traced && this.metadata.tracedPer === 'message'
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
      bundlePart,
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

  /**
   * Settles a bundle as one message from what became of each part: acked once every part
   * succeeded or was dead-lettered (each alone); retried whole while a part is to be retried,
   * its handled parts then running again (consumers of bundles are idempotent per part).
   */
  private async settleBundle(
    message: JsMsg,
    parts: PartItem<T>[],
    batchSpan: Span | undefined,
  ): Promise<void> {
    for (const part of parts) {
      const span = part.span ?? batchSpan;
      if (span && !isSuccess(part)) {
        recordFailure(span, part.failure ?? new Error(`dead-lettered: ${part.deadLetterReason}`));
      }
    }
    await context.with(
      parts.find((part) => !isSuccess(part))?.traceContext ?? context.active(),
      () =>
        this.settlement.settleBundle(
          message,
          parts.map((part) => ({
            index: part.bundlePart.index,
            payload: part.payload,
            headers: part.bundlePart.headers,
            failure: part.failure,
            retryDelayMs: part.retryDelayMs,
            deadLetterReason: part.deadLetterReason,
          })),
        ),
    );
    parts.forEach((part) => part.span?.end());
  }
}

/** The parts of each bundle among `items`, by the message that carried them. */
function bundlesOf<T>(items: readonly PendingItem<T>[]): Map<JsMsg, PartItem<T>[]> {
  const bundles = new Map<JsMsg, PartItem<T>[]>();
  for (const item of items) {
    if (!isPart(item)) continue;
    const parts = bundles.get(item.message);
    if (parts) parts.push(item);
    else bundles.set(item.message, [item]);
  }
  return bundles;
}

type PartItem<T> = PendingItem<T> & { readonly bundlePart: BundlePartOf };

function isPart<T>(item: PendingItem<T>): item is PartItem<T> {
  return item.bundlePart !== undefined;
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
