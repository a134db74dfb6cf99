import { Inject, Injectable, Logger } from '@nestjs/common';
import { context, SpanKind, trace } from '@opentelemetry/api';
import { DomainError, ErrorBody, ErrorCode } from '@clarion/contracts';
import { Msg, NatsConnection, Subscription } from 'nats';
import { encodeJson } from '../client/json-codec';
import { ReplyEnvelope } from '../client/reply-envelope';
import { ReplySpill } from '../client/reply-spill';
import { describeFailure } from '../failures/describe-failure';
import { failureKindOf } from '../failures/failure-kind';
import { Namespacer } from '../connection/namespacer';
import { NATS_CONNECTION } from '../connection/nats-connection.provider';
import { RequestHandlerMetadata } from '../decorators';
import { MESSAGING_OPTIONS, MessagingOptions } from '../messaging.options';
import { decodeAndValidate } from '../payload-validation';
import { recordRequestFailure } from '../tracing/span-failure';
import { messagingTracer, traceContextOf } from '../tracing/trace-propagation';

export type RequestHandlerFn = (request: object) => unknown;

/** Subscribes request handlers in the service's queue group and replies with envelopes. */
@Injectable()
export class RequestHandlerRegistrar {
  private readonly logger = new Logger('RequestHandler');
  private readonly subscriptions: Subscription[] = [];

  constructor(
    @Inject(NATS_CONNECTION) private readonly connection: NatsConnection,
    @Inject(MESSAGING_OPTIONS) private readonly options: MessagingOptions,
    private readonly names: Namespacer,
    private readonly spill: ReplySpill,
  ) {}

  register(metadata: RequestHandlerMetadata, handler: RequestHandlerFn): void {
    const subject = this.names.subject(metadata.subject);
    const subscription = this.connection.subscribe(subject, {
      queue: this.options.serviceName,
      callback: (error, message) => {
        if (error) return this.logger.error(`subscription ${subject} failed: ${error.message}`);
        this.answer(message, metadata, handler).catch((failure: unknown) =>
          this.logger.error(`answering ${subject} failed: ${describeFailure(failure)}`),
        );
      },
    });
    this.subscriptions.push(subscription);
  }

  /** Every replica hears every message on `subject`; the handler's failures are only logged. */
  listen(subject: string, handler: (payload: unknown) => unknown): void {
    const fullSubject = this.names.subject(subject);
    this.subscriptions.push(
      this.connection.subscribe(fullSubject, {
        callback: (error, message) => {
          if (error)
            return this.logger.error(`subscription ${fullSubject} failed: ${error.message}`);
          decodeAndValidate(message.data, undefined)
            .then((payload) => handler(payload))
            .catch((failure: unknown) =>
              this.logger.error(`listener of ${fullSubject} failed: ${String(failure)}`),
            );
        },
      }),
    );
  }

  async drain(): Promise<void> {
    await Promise.all(this.subscriptions.map((s) => s.drain().catch(() => undefined)));
  }

  private async answer(
    message: Msg,
    metadata: RequestHandlerMetadata,
    handler: RequestHandlerFn,
  ): Promise<void> {
    const reply =
      metadata.traced === false
        ? await this.handle(message, metadata, handler)
        : await this.handleTraced(message, metadata, handler);
    if (message.reply) await this.respond(message, reply, metadata.subject);
  }

  /** Handles the request inside a server span continuing the requester's trace. */
  private async handleTraced(
    message: Msg,
    metadata: RequestHandlerMetadata,
    handler: RequestHandlerFn,
  ): Promise<ReplyEnvelope<unknown>> {
    const parent = traceContextOf(message);
    const span = messagingTracer().startSpan(
      `${metadata.subject} handle`,
      {
        kind: SpanKind.SERVER,
        attributes: { 'messaging.system': 'nats', 'messaging.destination.name': message.subject },
      },
      parent,
    );
    const reply = await context.with(trace.setSpan(parent, span), () =>
      this.handle(message, metadata, handler, (error) => recordRequestFailure(span, error)),
    );
    span.end();
    return reply;
  }

  private async handle(
    message: Msg,
    metadata: RequestHandlerMetadata,
    handler: RequestHandlerFn,
    onFailure?: (error: unknown) => void,
  ): Promise<ReplyEnvelope<unknown>> {
    try {
      const request = await decodeAndValidate(message.data, metadata.dto);
      return { ok: true, data: await handler(request) };
    } catch (error) {
      onFailure?.(error);
      return { ok: false, error: this.toErrorBody(error, metadata.subject) };
    }
  }

  /**
   * Sends the reply; one too large for a message goes through the reply store. Nothing here may
   * throw: a reply that cannot be sent becomes an error reply, and failing that, a log line.
   */
  private async respond(message: Msg, reply: ReplyEnvelope<unknown>, subject: string) {
    try {
      const encoded = encodeJson(reply);
      if (encoded.length <= this.spill.messageLimit) {
        message.respond(encoded);
        return;
      }
      message.respond(encodeJson(await this.spilled(encoded, subject)));
    } catch (error) {
      this.logger.error(`replying to ${subject} failed: ${describeFailure(error)}`);
      try {
        message.respond(encodeJson(failedReply(error, subject)));
      } catch {
        // The caller's deadline turns this into a clean SERVICE_TIMEOUT.
      }
    }
  }

  private async spilled(encoded: Uint8Array, subject: string): Promise<ReplyEnvelope<unknown>> {
    try {
      return { ok: true, spilled: await this.spill.put(encoded) };
    } catch (error) {
      this.logger.error(
        `storing a reply of ${encoded.length} bytes to ${subject} failed: ${describeFailure(error)}`,
      );
      return {
        ok: false,
        error: {
          code: ErrorCode.PAYLOAD_TOO_LARGE,
          message: `The answer (${encoded.length} bytes) is too large to send right now`,
          fix: 'Ask for fewer items (a smaller count or limit), or retry shortly.',
        },
      };
    }
  }

  private toErrorBody(error: unknown, subject: string): ErrorBody {
    if (error instanceof DomainError) return error.toBody();
    switch (failureKindOf(error)) {
      case 'transient':
        this.logger.warn(
          `handling ${subject}: a dependency is unreachable: ${describeFailure(error)}`,
        );
        return {
          code: ErrorCode.SERVICE_UNAVAILABLE,
          message: `${this.options.serviceName} cannot reach a dependency it needs right now`,
          fix: 'Retry shortly (see Retry-After); nothing was changed.',
        };
      case 'permanent':
        return {
          code: ErrorCode.VALIDATION_FAILED,
          message: `A value in the request cannot be stored: ${describeFailure(error)}`,
          fix: 'Remove NUL characters and unpaired surrogates; keep numbers and dates in range.',
        };
      case 'unknown':
        this.logger.error(error instanceof Error ? error : String(error), `handling ${subject}`);
        return {
          code: ErrorCode.INTERNAL_ERROR,
          message: 'The service failed to handle the request',
        };
    }
  }
}

function failedReply(error: unknown, subject: string): ReplyEnvelope<unknown> {
  return {
    ok: false,
    error: {
      code: ErrorCode.INTERNAL_ERROR,
      message: `The answer to ${subject} could not be sent: ${describeFailure(error)}`.slice(
        0,
        500,
      ),
    },
  };
}
