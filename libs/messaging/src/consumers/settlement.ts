import { Logger } from '@nestjs/common';
import { deadLetterSubject, StreamName } from '@clarion/contracts';
import { countDeadLetter } from '@clarion/observability';
import { JsMsg } from 'nats';
import { MessagingClient } from '../client/messaging.client';
import { describeFailure } from '../failures/describe-failure';
import { failureKindOf } from '../failures/failure-kind';
import { retryDelayMs } from './backoff';
import { FailureCounts } from './failure-counts';
import { TransientFailureLog } from './transient-failure-log';

/**
 * Settles JetStream messages so that none is ever lost:
 * - ack on success;
 * - a transient failure (a dependency away) is retried with capped backoff for as long as it
 *   lasts, and reported as a backlog rather than per message;
 * - a permanent failure (malformed, refused by a rule) goes to the dead letters at once;
 * - any other failure is retried, and dead-lettered after `maxDeliver` such failures.
 * A dead letter is stored first, then the original acked (not terminated: nats-server 2.9 ignores
 * a TERM that carries a reason, and the message would come back forever). If even the dead letter
 * cannot be stored, the message is retried instead.
 */
export class Settlement {
  private readonly logger: Logger;
  private readonly failureCounts = new FailureCounts();
  private readonly transientLog: TransientFailureLog;

  constructor(
    private readonly client: MessagingClient,
    private readonly stream: StreamName,
    private readonly durable: string,
    private readonly maxDeliver: number,
  ) {
    this.logger = new Logger(`Settlement ${durable}`);
    this.transientLog = new TransientFailureLog(this.logger);
  }

  succeeded(message: JsMsg): void {
    message.ack();
    this.failureCounts.forget(message.seq);
  }

  async failed(message: JsMsg, reason: unknown, delayMs?: number): Promise<void> {
    const deliveries = message.info.redeliveryCount;
    switch (failureKindOf(reason)) {
      case 'transient':
        this.transientLog.note(reason);
        message.nak(delayMs ?? retryDelayMs(deliveries));
        return;
      case 'permanent':
        await this.deadLetter(message, `refused: ${describeFailure(reason)}`);
        return;
      case 'unknown': {
        const failures = this.failureCounts.increment(message.seq);
        if (failures < this.maxDeliver) {
          this.logger.warn(
            `${message.subject} failed (${failures} of ${this.maxDeliver}), retrying: ${describeFailure(reason)}`,
          );
          message.nak(delayMs ?? retryDelayMs(failures));
          return;
        }
        await this.deadLetter(
          message,
          `gave up after ${failures} failed attempts: ${describeFailure(reason)}`,
        );
      }
    }
  }

  async malformed(message: JsMsg, reason: unknown): Promise<void> {
    await this.deadLetter(message, `malformed: ${describeFailure(reason)}`);
  }

  async deadLetter(message: JsMsg, reason: string): Promise<void> {
    try {
      await this.client.publishRaw(
        deadLetterSubject(this.stream, this.durable),
        message.data,
        {
          ...originalHeaders(message),
          'Clarion-Reason': reason.slice(0, 1000),
          'Clarion-Original-Subject': message.subject,
          'Clarion-Deliveries': String(message.info.redeliveryCount),
          'Clarion-Dead-Lettered-At': new Date().toISOString(),
        },
        // A dead letter stored before a crash that kept the ack from the server is not doubled.
        `dlq:${this.durable}:${message.seq}`,
      );
      message.ack();
      this.failureCounts.forget(message.seq);
      countDeadLetter(this.stream, this.durable);
      this.logger.error(`${message.subject} dead-lettered: ${reason}`);
    } catch (error) {
      this.logger.error(
        `${message.subject} could not be dead-lettered, retrying: ${describeFailure(error)}`,
      );
      message.nak(retryDelayMs(message.info.redeliveryCount));
    }
  }
}

/** The original's own headers (its trace context, say), so a replay continues where it was. */
function originalHeaders(message: JsMsg): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [key, values] of message.headers ?? []) {
    if (!key.startsWith('Nats-') && values[0] !== undefined) headers[key] = values[0];
  }
  return headers;
}
