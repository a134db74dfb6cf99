import { Inject, Injectable, Logger } from '@nestjs/common';
import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { DomainError, ErrorBody, ErrorCode } from '@clarion/contracts';
import { Msg, NatsConnection, Subscription } from 'nats';
import { encodeJson } from '../client/json-codec';
import { ReplyEnvelope } from '../client/reply-envelope';
import { Namespacer } from '../connection/namespacer';
import { NATS_CONNECTION } from '../connection/nats-connection.provider';
import { RequestHandlerMetadata } from '../decorators';
import { MESSAGING_OPTIONS, MessagingOptions } from '../messaging.options';
import { decodeAndValidate } from '../payload-validation';
import { extractTraceContext, messagingTracer } from '../tracing/trace-propagation';

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
  ) {}

  register(metadata: RequestHandlerMetadata, handler: RequestHandlerFn): void {
    const subject = this.names.subject(metadata.subject);
    const subscription = this.connection.subscribe(subject, {
      queue: this.options.serviceName,
      callback: (error, message) => {
        if (error) return this.logger.error(`subscription ${subject} failed: ${error.message}`);
        void this.answer(message, metadata, handler);
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
    const parent = extractTraceContext(message.headers);
    const span = messagingTracer().startSpan(
      `handle ${metadata.subject}`,
      {
        kind: SpanKind.SERVER,
        attributes: { 'messaging.system': 'nats', 'messaging.destination.name': message.subject },
      },
      parent,
    );
    const reply = await context.with(
      trace.setSpan(parent, span),
      async (): Promise<ReplyEnvelope<unknown>> => {
        try {
          const request = await decodeAndValidate(message.data, metadata.dto);
          return { ok: true, data: await handler(request) };
        } catch (error) {
          span.setStatus({ code: SpanStatusCode.ERROR });
          return { ok: false, error: this.toErrorBody(error, metadata.subject) };
        }
      },
    );
    span.end();
    if (message.reply) message.respond(encodeJson(reply));
  }

  private toErrorBody(error: unknown, subject: string): ErrorBody {
    if (error instanceof DomainError) return error.toBody();
    this.logger.error(error instanceof Error ? error : String(error), `handling ${subject}`);
    return { code: ErrorCode.INTERNAL_ERROR, message: 'The service failed to handle the request' };
  }
}
