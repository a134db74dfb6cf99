import { Injectable, Logger } from '@nestjs/common';
import { Context } from '@opentelemetry/api';
import { DeliveryEvent, WEBHOOK_RESULT, WebhookResultEvent } from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { describeError } from '../delivery/describe-error';
import { WebhookOutcome } from './webhook-outcome';

/** One attempt, and what follows it: another after `nextDelayMs`, or none. */
export interface WebhookAttempt {
  attempt: number;
  outcome: WebhookOutcome;
  nextDelayMs?: number;
}

/**
 * Publishes each attempt as a `webhook.result` event of the send, which the logs service records
 * as `<channel>_<status>_webhook_res` / `_webhook_delivered`. Its id names the attempt, so a
 * re-published attempt (after a crash) is dropped by JetStream.
 */
@Injectable()
export class WebhookResults {
  private readonly logger = new Logger(WebhookResults.name);

  constructor(private readonly messaging: MessagingClient) {}

  async publish(
    event: DeliveryEvent,
    attempt: WebhookAttempt,
    traceContext?: Context,
  ): Promise<void> {
    const result: WebhookResultEvent = {
      id: `${event.id}:webhook:${attempt.attempt}`,
      kind: WEBHOOK_RESULT,
      trackingId: event.trackingId,
      accountId: event.accountId,
      envId: event.envId,
      occurredAt: new Date().toISOString(),
      data: {
        channel: event.data.channel,
        status: event.data.status,
        result: describeAttempt(attempt),
        delivered: attempt.outcome.kind === 'delivered',
      },
    };
    // The record of an attempt is not worth a second request to the customer: it is only logged.
    await this.messaging.publishEvent(result, traceContext).catch((error: unknown) => {
      this.logger.warn(`${result.id} could not be published: ${describeError(error)}`);
    });
  }
}

/** `200`, `503 (attempt 2, next in 300 s)`, `timeout (attempt 10, gave up)`. */
export function describeAttempt({ attempt, outcome, nextDelayMs }: WebhookAttempt): string {
  switch (outcome.kind) {
    case 'delivered':
      return attempt === 1 ? String(outcome.status) : `${outcome.status} (attempt ${attempt})`;
    case 'gone':
      return `${outcome.status} (attempt ${attempt}, webhook disabled)`;
    case 'failed':
      return nextDelayMs === undefined
        ? `${outcome.reason} (attempt ${attempt}, gave up)`
        : `${outcome.reason} (attempt ${attempt}, next in ${secondsOf(nextDelayMs)} s)`;
  }
}

function secondsOf(ms: number): string {
  return ms >= 10_000 ? String(Math.round(ms / 1000)) : (ms / 1000).toFixed(1);
}
