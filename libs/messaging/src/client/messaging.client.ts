import { Inject, Injectable } from '@nestjs/common';
import { context, Context, Span, SpanKind, trace } from '@opentelemetry/api';
import {
  BroadcastDefinition,
  ClarionEvent,
  DomainError,
  ErrorCode,
  eventSubject,
  JobDefinition,
  PayloadOf,
  ReplyOf,
  RequestDefinition,
  RequestOf,
  SEND_PROCESSED,
  ServiceUnavailableError,
} from '@clarion/contracts';
import { ErrorCode as NatsErrorCode, NatsConnection, NatsError, PubAck } from 'nats';
import { ConnectionState } from '../connection/connection-state';
import { Namespacer } from '../connection/namespacer';
import { NATS_CONNECTION } from '../connection/nats-connection.provider';
import { MESSAGING_OPTIONS, MessagingOptions } from '../messaging.options';
import { recordRequestFailure } from '../tracing/span-failure';
import { PublishGatherer } from '../bundles/publish-gatherer';
import {
  headersWithTraceContext,
  messagingTracer,
  traceHeadersOf,
} from '../tracing/trace-propagation';
import { Circuits } from './circuit';
import { JetStreamPublisher } from './jetstream-publisher';
import { decodeJson, encodeJson } from './json-codec';
import { ReplyEnvelope } from './reply-envelope';
import { ReplySpill } from './reply-spill';

/** JetStream drops a second message with the same value within the stream's duplicate window. */
const MSG_ID_HEADER = 'Nats-Msg-Id';

export interface PublishOptions {
  /** Nats-Msg-Id: JetStream drops a second publish with the same id within its window. */
  msgId: string;
  /** Trace context to continue; defaults to the active one. */
  traceContext?: Context;
  /**
   * Stored in one bundle with the other messages of its subject published in the same turn
   * (`PublishGatherer`): one stored message and one fsync for all of them. Only for subjects
   * whose consumers are idempotent per message, since JetStream deduplicates bundles, not parts.
   */
  bundled?: boolean;
}

/**
 * Typed request/reply with deadlines, and durable publishing to JetStream. Both fail fast with
 * SERVICE_UNAVAILABLE (and a Retry-After) rather than wait out their deadline while the NATS
 * connection is down, and while the circuit of their subject is open.
 */
@Injectable()
export class MessagingClient {
  private readonly jetstream: JetStreamPublisher;
  private readonly gatherer: PublishGatherer;
  private readonly circuits = new Circuits();

  constructor(
    @Inject(NATS_CONNECTION) private readonly connection: NatsConnection,
    @Inject(MESSAGING_OPTIONS) private readonly options: MessagingOptions,
    private readonly names: Namespacer,
    private readonly spill: ReplySpill,
    private readonly connectionState: ConnectionState,
  ) {
    this.jetstream = new JetStreamPublisher(connection, connectionState);
    this.gatherer = new PublishGatherer((subject, data, headers) =>
      this.jetstream.publish(subject, data, headers),
    );
  }

  /**
   * Asks another service and waits at most `timeoutMs` (by default the request's own deadline,
   * else the deployment's). A missing responder becomes SERVICE_UNAVAILABLE and a missed deadline
   * SERVICE_TIMEOUT; a remote domain error is rethrown.
   */
  async request<D extends RequestDefinition<unknown, unknown>>(
    definition: D,
    payload: RequestOf<D>,
    timeoutMs = definition.timeoutMs ?? this.options.requestTimeoutMs,
  ): Promise<ReplyOf<D>> {
    if (definition.traced === false) return this.ask(definition, payload, timeoutMs);
    const subject = this.names.subject(definition.subject);
    const span = messagingTracer().startSpan(`${definition.subject} request`, {
      kind: SpanKind.CLIENT,
      attributes: { 'messaging.system': 'nats', 'messaging.destination.name': subject },
    });
    try {
      return await this.ask(definition, payload, timeoutMs, spanContext(span));
    } catch (error) {
      recordRequestFailure(span, error);
      throw error;
    } finally {
      span.end();
    }
  }

  private async ask<D extends RequestDefinition<unknown, unknown>>(
    definition: D,
    payload: RequestOf<D>,
    timeoutMs: number,
    traceContext?: Context,
  ): Promise<ReplyOf<D>> {
    const subject = this.names.subject(definition.subject);
    try {
      const reply = await this.throughCircuit(definition.subject, () =>
        this.connectionState.failOnDrop(
          this.connection.request(subject, encodeJson(payload), {
            timeout: timeoutMs,
            ...(traceContext ? { headers: headersWithTraceContext(traceContext) } : {}),
          }),
          subject,
        ),
      );
      const envelope = decodeJson(reply.data) as ReplyEnvelope<ReplyOf<D>>;
      if (!envelope.ok) throw DomainError.fromBody(envelope.error);
      return 'spilled' in envelope
        ? await this.takeSpilled(envelope.spilled, subject)
        : envelope.data;
    } catch (error) {
      throw toDomainError(error, definition.subject);
    }
  }

  /** A reply too large for a message, from the reply store. */
  private async takeSpilled<T>(name: string, subject: string): Promise<T> {
    const encoded = await this.spill.take(name);
    if (!encoded) {
      throw new DomainError(
        ErrorCode.SERVICE_TIMEOUT,
        `The answer of ${subject} expired before it was read`,
        'Retry shortly; the request was not completed.',
      );
    }
    return (decodeJson(encoded) as { data: T }).data;
  }

  /** Stores a job on its work-queue stream; resolves once JetStream has it. */
  publishJob<D extends JobDefinition<unknown>>(
    definition: D,
    payload: PayloadOf<D>,
    options: PublishOptions,
  ): Promise<PubAck> {
    return this.publish(definition.subject, payload, options);
  }

  /**
   * Stores an event on the EVENTS stream, under `evt.<kind>`. Processed sends, one per send, are
   * bundled with the others of the same turn: their consumers (the log, metering) key what they
   * do by event id. Delivery steps are not: the events webhook retries each one alone.
   */
  publishEvent(event: ClarionEvent, traceContext?: Context): Promise<PubAck> {
    return this.publish(eventSubject(event.kind), event, {
      msgId: event.id,
      traceContext,
      bundled: event.kind === SEND_PROCESSED,
    });
  }

  /** Tells every listener of a broadcast (core NATS, at most once). */
  broadcast<D extends BroadcastDefinition<unknown>>(definition: D, payload: PayloadOf<D>): void {
    this.connection.publish(this.names.subject(definition.subject), encodeJson(payload), {
      headers: headersWithTraceContext(),
    });
  }

  /**
   * Tells the listeners of one subject of a family split by subject (core NATS, at most once),
   * such as one user's inbox changes: NATS hands it only to the replicas that listen to it.
   */
  broadcastOn(subject: string, payload: unknown): void {
    this.connection.publish(this.names.subject(subject), encodeJson(payload), {
      headers: headersWithTraceContext(),
    });
  }

  /** Listens to one subject of broadcastOn until unsubscribed; a payload that does not decode is dropped. */
  listenOn<T>(subject: string, onPayload: (payload: T) => void): { unsubscribe(): void } {
    const subscription = this.connection.subscribe(this.names.subject(subject), {
      callback: (error, message) => {
        if (error) return;
        let payload: T;
        try {
          payload = decodeJson(message.data) as T;
        } catch {
          return;
        }
        onPayload(payload);
      },
    });
    return { unsubscribe: () => subscription.unsubscribe() };
  }

  /** Publishes raw bytes to a subject of a stream (used for dead letters and their replay). */
  async publishRaw(
    subject: string,
    data: Uint8Array,
    headers: Record<string, string>,
    msgId?: string,
  ): Promise<PubAck> {
    const natsHeaders = headersWithTraceContext();
    Object.entries(headers).forEach(([key, value]) => natsHeaders.set(key, value));
    if (msgId !== undefined) natsHeaders.set(MSG_ID_HEADER, msgId);
    const fullSubject = this.names.subject(subject);
    return this.throughCircuit(subject, () =>
      this.jetstream.publish(fullSubject, data, natsHeaders),
    );
  }

  /**
   * `send`, unless NATS is away or the circuit of `subject` is open: then SERVICE_UNAVAILABLE at
   * once. What became of it tells the circuit whether the other side answers.
   */
  private async throughCircuit<T>(subject: string, send: () => Promise<T>): Promise<T> {
    this.connectionState.assertUp();
    const circuit = this.circuits.of(subject);
    const waitMs = circuit.admit();
    if (waitMs > 0) {
      throw new ServiceUnavailableError(
        `${subject} has not been answering; it is asked again shortly`,
        Math.ceil(waitMs / 1_000),
      );
    }
    try {
      const answer = await send();
      circuit.recordAnswered();
      return answer;
    } catch (error) {
      if (isUnanswered(error)) circuit.recordUnanswered();
      else circuit.recordInconclusive();
      throw error;
    }
  }

  /**
   * Publishes with the trace context of the work on whose behalf it is (the request's or the
   * message's span), which the consumer's `<subject> process` span continues. No producer span of
   * its own: a JetStream publish is one short step of that work, whose span it fails, and a span
   * per message would be a third of all spans on the send path.
   */
  private async publish(
    subject: string,
    payload: unknown,
    options: PublishOptions,
  ): Promise<PubAck> {
    const fullSubject = this.names.subject(subject);
    const traceContext = options.traceContext ?? context.active();
    try {
      if (options.bundled) {
        const part = {
          msgId: options.msgId,
          traceHeaders: traceHeadersOf(traceContext),
          json: JSON.stringify(payload),
        };
        return await this.throughCircuit(subject, () => this.gatherer.publish(fullSubject, part));
      }
      const headers = headersWithTraceContext(traceContext);
      headers.set(MSG_ID_HEADER, options.msgId);
      return await this.throughCircuit(subject, () =>
        this.jetstream.publish(fullSubject, encodeJson(payload), headers),
      );
    } catch (error) {
      throw toDomainError(error, subject);
    }
  }
}

function spanContext(span: Span, parent: Context = context.active()): Context {
  return trace.setSpan(parent, span);
}

/** A timeout, or nobody listening: the other side did not answer. */
function isUnanswered(error: unknown): boolean {
  return (
    error instanceof NatsError &&
    (error.code === NatsErrorCode.Timeout || error.code === NatsErrorCode.NoResponders)
  );
}

function toDomainError(error: unknown, subject: string): unknown {
  if (error instanceof DomainError) return error;
  if (error instanceof NatsError) {
    if (error.code === NatsErrorCode.MaxPayloadExceeded) {
      return new DomainError(
        ErrorCode.PAYLOAD_TOO_LARGE,
        `The request to ${subject} is larger than a message may be`,
        'Send less at once: smaller content, or fewer items per request.',
      );
    }
    if (error.code === NatsErrorCode.NoResponders) {
      return new DomainError(
        ErrorCode.SERVICE_UNAVAILABLE,
        `No service is answering ${subject} right now`,
        'Retry shortly; check GET /status for the service that is down.',
      );
    }
    if (
      error.code === NatsErrorCode.Timeout ||
      error.code === NatsErrorCode.Disconnect ||
      error.code === NatsErrorCode.ConnectionClosed ||
      error.code === NatsErrorCode.ConnectionDraining
    ) {
      return new DomainError(
        ErrorCode.SERVICE_TIMEOUT,
        `The service behind ${subject} did not answer in time`,
        'Retry shortly; the request was not completed.',
      );
    }
  }
  return error;
}
