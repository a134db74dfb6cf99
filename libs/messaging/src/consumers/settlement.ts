import { Logger } from '@nestjs/common';
import { deadLetterSubject, StreamName } from '@clarion/contracts';
import { JsMsg } from 'nats';
import { MessagingClient } from '../client/messaging.client';
import { retryDelayMs } from './backoff';

/**
 * Settles JetStream messages so that none is ever lost: ack on success, nak with backoff on a
 * retryable failure, and on the last attempt (or for a malformed message) a copy to the
 * dead-letter stream before the message is terminated. If even the dead letter cannot be
 * stored, the message is retried instead.
 */
export class Settlement {
  private readonly logger = new Logger('Settlement');

  constructor(
    private readonly client: MessagingClient,
    private readonly stream: StreamName,
    private readonly durable: string,
    private readonly maxDeliver: number,
  ) {}

  succeeded(message: JsMsg): void {
    message.ack();
  }

  async failed(message: JsMsg, reason: unknown, delayMs?: number): Promise<void> {
    const deliveries = message.info.redeliveryCount;
    if (deliveries < this.maxDeliver) {
      this.logger.warn(
        `${message.subject} attempt ${deliveries} failed, retrying: ${describe(reason)}`,
      );
      message.nak(delayMs ?? retryDelayMs(deliveries));
      return;
    }
    await this.deadLetter(message, `gave up after ${deliveries} attempts: ${describe(reason)}`);
  }

  async malformed(message: JsMsg, reason: unknown): Promise<void> {
    await this.deadLetter(message, `malformed: ${describe(reason)}`);
  }

  async deadLetter(message: JsMsg, reason: string): Promise<void> {
    try {
      await this.client.publishRaw(deadLetterSubject(this.stream, this.durable), message.data, {
        'Clarion-Reason': reason.slice(0, 1000),
        'Clarion-Original-Subject': message.subject,
        'Clarion-Deliveries': String(message.info.redeliveryCount),
      });
      message.term(reason.slice(0, 200));
      this.logger.error(`${message.subject} dead-lettered: ${reason}`);
    } catch (error) {
      this.logger.error(
        `${message.subject} could not be dead-lettered, retrying: ${describe(error)}`,
      );
      message.nak(retryDelayMs(message.info.redeliveryCount));
    }
  }
}

function describe(reason: unknown): string {
  return reason instanceof Error ? reason.message : String(reason);
}
