import { SetMetadata } from '@nestjs/common';
import {
  BroadcastDefinition,
  JobDefinition,
  PayloadCheck,
  RequestDefinition,
  StreamName,
} from '@clarion/contracts';

export const REQUEST_HANDLER = Symbol('REQUEST_HANDLER');
export const JOB_CONSUMER = Symbol('JOB_CONSUMER');
export const BROADCAST_LISTENER = Symbol('BROADCAST_LISTENER');

export type DtoClass = new () => object;

export interface RequestHandlerMetadata {
  subject: string;
  dto?: DtoClass;
  /** False for probes: answered without a span. */
  traced?: false;
}

export interface JobConsumerMetadata {
  stream: StreamName;
  durable: string;
  /** Subject (without namespace, wildcards allowed) this consumer takes from the stream. */
  filterSubject: string;
  /** The cheap check of the message's shape its definition carries (see payload-shape.ts). */
  check: PayloadCheck;
  /** Attempts before a message goes to the dead-letter stream. */
  maxDeliver: number;
  /** Largest batch handed to the handler at once. */
  maxBatch: number;
  /** Batches handled at the same time (1: strictly one after the other). */
  concurrency: number;
  /**
   * How long the first message of a batch waits for others (0: not at all, the batch is what
   * arrived in the same tick). Consumers whose work is one statement per batch and that nobody
   * waits on (logs, metering) trade a few milliseconds for far fewer statements.
   */
  lingerMs: number;
  /**
   * Where a newly created durable starts: `all` (default) takes everything the stream holds;
   * `new` only what arrives afterwards, for consumers that must never replay history (a
   * re-created webhook dispatcher would otherwise call customers with days-old events).
   */
  deliverPolicy: 'all' | 'new';
  /** Whether the consumer's work is traced per message or per batch (see ConsumeJobsOptions). */
  tracedPer: 'message' | 'batch';
}

/**
 * Marks a method as the handler of a request subject. Its argument is the request, validated
 * against `dto`; its return value is the reply; a DomainError it throws is replied as data.
 */
export function HandleRequest<TRequest, TReply>(
  definition: RequestDefinition<TRequest, TReply>,
  dto?: new () => TRequest & object,
): MethodDecorator {
  return SetMetadata<symbol, RequestHandlerMetadata>(REQUEST_HANDLER, {
    subject: definition.subject,
    dto,
    ...(definition.traced === false ? { traced: false } : {}),
  });
}

/**
 * The linger of consumers that write a batch with one statement and that no one waits on (the
 * log, metering): at a few hundred messages a second it turns batches of a few into dozens.
 */
export const BULK_WRITE_LINGER_MS = 50;

export interface ConsumeJobsOptions {
  durable: string;
  maxDeliver?: number;
  maxBatch?: number;
  concurrency?: number;
  lingerMs?: number;
  deliverPolicy?: 'all' | 'new';
  /**
   * `message` (default): a `<subject> process` span per message, in that message's trace (and,
   * for a batch of several, a `<subject> batch` span linked to them around the handler).
   * `batch`: one `<subject> process` span per batch, in its first message's trace and linked to
   * every message's, for consumers whose work is one statement per batch (the log, metering),
   * where a span per message would cost more than the work itself. A lone message's batch span
   * is that message's, so a send followed off peak still shows the consumer in its trace.
   */
  tracedPer?: 'message' | 'batch';
}

/**
 * Marks a method as the batch handler of a durable JetStream consumer of a job (or event feed)
 * of the catalog. It receives the messages that pass the definition's shape check as JobItems;
 * the runner acks, retries or dead-letters them. Messages between Clarion's services are not
 * validated again with class-validator: public input was validated where it entered.
 */
export function ConsumeJobs<TPayload>(
  source: JobDefinition<TPayload>,
  options: ConsumeJobsOptions,
): MethodDecorator {
  return SetMetadata<symbol, JobConsumerMetadata>(JOB_CONSUMER, {
    stream: source.stream,
    filterSubject: source.subject,
    check: source.check,
    durable: options.durable,
    maxDeliver: options.maxDeliver ?? 8,
    maxBatch: options.maxBatch ?? 200,
    concurrency: options.concurrency ?? 1,
    lingerMs: options.lingerMs ?? 0,
    deliverPolicy: options.deliverPolicy ?? 'all',
    tracedPer: options.tracedPer ?? 'message',
  });
}

/**
 * Marks a method as a listener of a broadcast: every replica receives every message (no queue
 * group). Delivery is at most once, so listeners only drop caches or similar derived state.
 */
export function OnBroadcast<TPayload>(definition: BroadcastDefinition<TPayload>): MethodDecorator {
  return SetMetadata<symbol, { subject: string }>(BROADCAST_LISTENER, {
    subject: definition.subject,
  });
}
