import { Logger } from '@nestjs/common';
import { deadLetterSubject, StreamName } from '@clarion/contracts';
import { countDeadLetter } from '@clarion/observability';
import { JsMsg } from 'nats';
import { encodeJson } from '../client/json-codec';
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
    this.settled(message);
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
      // A dead letter stored before a crash that kept the ack from the server is not doubled.
      await this.storeDeadLetter(
        message,
        { data: message.data, headers: originalHeaders(message), reason },
        `dlq:${this.durable}:${message.seq}`,
      );
      this.settled(message);
    } catch (error) {
      this.couldNotDeadLetter(message, error);
    }
  }

  /**
   * Settles a bundle from what became of each of its parts: while one is to be retried, the
   * whole bundle is (its other parts run again: consumers of bundles are idempotent per part),
   * until its last attempt; then, and when none is, the parts given up on are dead-lettered one
   * by one and the bundle is acked.
   */
  async settleBundle(message: JsMsg, parts: readonly PartOutcome[]): Promise<void> {
    const letters = parts.flatMap((part) => {
      if (part.deadLetterReason !== undefined) return [{ part, reason: part.deadLetterReason }];
      if (part.failure !== undefined && failureKindOf(part.failure) === 'permanent') {
        return [{ part, reason: `refused: ${describeFailure(part.failure)}` }];
      }
      return [];
    });
    const retrying = parts.filter(
      (part) =>
        part.deadLetterReason === undefined &&
        part.failure !== undefined &&
        failureKindOf(part.failure) !== 'permanent',
    );
    if (retrying.length > 0) {
      const givenUpAfter = this.retryWhole(message, retrying);
      if (givenUpAfter === undefined) return;
      for (const part of retrying) {
        letters.push({
          part,
          reason: `gave up after ${givenUpAfter} failed attempts: ${describeFailure(part.failure)}`,
        });
      }
    }
    try {
      await Promise.all(
        letters.map(({ part, reason }) =>
          this.storeDeadLetter(
            message,
            { data: encodeJson(part.payload), headers: part.headers, reason },
            `dlq:${this.durable}:${message.seq}:${part.index}`,
          ),
        ),
      );
      this.settled(message);
    } catch (error) {
      this.couldNotDeadLetter(message, error);
    }
  }

  /**
   * Naks a bundle one of whose parts is to be retried, or answers after how many failed
   * attempts it gives up on those parts.
   */
  private retryWhole(message: JsMsg, retrying: readonly PartOutcome[]): number | undefined {
    const delays = retrying.flatMap((part) => part.retryDelayMs ?? []);
    const askedDelay = delays.length > 0 ? Math.max(...delays) : undefined;
    const unknown = retrying.find((part) => failureKindOf(part.failure) !== 'transient');
    if (!unknown) {
      this.transientLog.note(retrying.map((part) => part.failure).find(Boolean));
      message.nak(askedDelay ?? retryDelayMs(message.info.redeliveryCount));
      return undefined;
    }
    const failures = this.failureCounts.increment(message.seq);
    if (failures >= this.maxDeliver) return failures;
    this.logger.warn(
      `${retrying.length} of a bundle on ${message.subject} failed (${failures} of ${this.maxDeliver}), retrying the bundle: ${describeFailure(unknown.failure)}`,
    );
    message.nak(askedDelay ?? retryDelayMs(failures));
    return undefined;
  }

  private async storeDeadLetter(
    message: JsMsg,
    letter: { data: Uint8Array; headers: Record<string, string>; reason: string },
    msgId: string,
  ): Promise<void> {
    await this.client.publishRaw(
      deadLetterSubject(this.stream, this.durable),
      letter.data,
      {
        ...letter.headers,
        'Clarion-Reason': letter.reason.slice(0, 1000),
        'Clarion-Original-Subject': message.subject,
        'Clarion-Deliveries': String(message.info.redeliveryCount),
        'Clarion-Dead-Lettered-At': new Date().toISOString(),
      },
      msgId,
    );
    countDeadLetter(this.stream, this.durable);
    this.logger.error(`${message.subject} dead-lettered: ${letter.reason}`);
  }

  private settled(message: JsMsg): void {
    message.ack();
    this.failureCounts.forget(message.seq);
  }

  private couldNotDeadLetter(message: JsMsg, error: unknown): void {
    this.logger.error(
      `${message.subject} could not be dead-lettered, retrying: ${describeFailure(error)}`,
    );
    message.nak(retryDelayMs(message.info.redeliveryCount));
  }
}

/** What became of one part of a bundle. */
export interface PartOutcome {
  readonly index: number;
  readonly payload: unknown;
  /** Its own trace headers, kept on its dead letter. */
  readonly headers: Record<string, string>;
  readonly failure?: unknown;
  readonly retryDelayMs?: number;
  readonly deadLetterReason?: string;
}

/** The original's own headers (its trace context, say), so a replay continues where it was. */
function originalHeaders(message: JsMsg): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [key, values] of message.headers ?? []) {
    if (!key.startsWith('Nats-') && values[0] !== undefined) headers[key] = values[0];
  }
  return headers;
}
