import { Injectable, Logger } from '@nestjs/common';
import {
  DeliveryEvent,
  EventsWebhookResponseDto,
  StreamName,
  STREAMS,
  webhookEventTypeOf,
} from '@clarion/contracts';
import { JobItem } from '@clarion/messaging';
import { countWebhookAttempt } from '@clarion/observability';
import { describeError } from '../delivery/describe-error';
import { EventsWebhooksService } from './events-webhooks.service';
import { WebhookOutcome } from './webhook-outcome';
import { webhookPayloadOf } from './webhook-payload';
import { WebhookResults } from './webhook-results';
import { WebhookSender } from './webhook-sender';
import { WebhookSettings } from './webhook-settings';

const HOUR_MS = 3_600_000;

/**
 * A retry waits on the EVENTS stream, so it must come while the event is still there (7 days):
 * one that would come later is given up at once, which its result says, rather than vanish.
 */
const RETRY_HORIZON_MS =
  (STREAMS.find((stream) => stream.name === StreamName.EVENTS)?.maxAgeMs ?? 0) - HOUR_MS;

/**
 * Forwards a delivery step to its environment's events webhook when the configuration lists the
 * step's event type. A failed attempt goes back to JetStream with the schedule's delay (so a
 * waiting retry holds no slot and survives a restart); the attempt number is the message's
 * delivery count. After the last attempt the event is given up, which its `webhook.result` says.
 */
@Injectable()
export class WebhookDispatcher {
  private readonly logger = new Logger(WebhookDispatcher.name);

  constructor(
    private readonly webhooks: EventsWebhooksService,
    private readonly sender: WebhookSender,
    private readonly results: WebhookResults,
    private readonly settings: WebhookSettings,
  ) {}

  async dispatch(item: JobItem<DeliveryEvent>): Promise<void> {
    const event = item.payload;
    const eventType = webhookEventTypeOf(event.data.channel, event.data.status);
    if (eventType === undefined) return;
    let config: EventsWebhookResponseDto | undefined;
    try {
      config = await this.webhooks.configOf(event);
    } catch (error) {
      item.retry(`events webhook look-up failed: ${describeError(error)}`);
      return;
    }
    if (!config?.events.includes(eventType)) return;

    const payload = webhookPayloadOf(event, eventType, config.webhookId);
    const outcome = await this.sender.send(config, event.id, payload);
    await this.settle(item, config, outcome);
  }

  private async settle(
    item: JobItem<DeliveryEvent>,
    config: EventsWebhookResponseDto,
    outcome: WebhookOutcome,
  ): Promise<void> {
    const event = item.payload;
    const attempt = item.deliveryCount;
    switch (outcome.kind) {
      case 'delivered':
        countWebhookAttempt('delivered');
        await this.results.publish(event, { attempt, outcome }, item.traceContext);
        return;
      case 'gone':
        countWebhookAttempt('failed');
        await this.results.publish(event, { attempt, outcome }, item.traceContext);
        await this.disable(event, config, outcome.status);
        return;
      case 'failed': {
        const nextDelayMs = this.nextDelayMs(event, attempt, outcome.retryAfterMs);
        countWebhookAttempt(nextDelayMs === undefined ? 'failed' : 'retrying');
        await this.results.publish(event, { attempt, outcome, nextDelayMs }, item.traceContext);
        if (nextDelayMs !== undefined) {
          item.retry(`events webhook answered ${outcome.reason}`, nextDelayMs);
          return;
        }
        // Giving up is the receiver's affair, not the operator's: the send's log record says so
        // (webhook.result above), so the event is acknowledged rather than dead-lettered.
        this.logger.warn(
          `gave up on ${event.id} for webhook ${config.webhookId} after ${attempt} attempts: ${outcome.reason}`,
        );
        return;
      }
    }
  }

  /** The schedule's delay after `attempt`, unless the retry would come too late (see above). */
  private nextDelayMs(
    event: DeliveryEvent,
    attempt: number,
    retryAfterMs: number | undefined,
  ): number | undefined {
    const delayMs = this.settings.schedule.delayAfter(attempt, retryAfterMs);
    if (delayMs === undefined) return undefined;
    const retryAt = Date.now() + delayMs;
    return retryAt < Date.parse(event.occurredAt) + RETRY_HORIZON_MS ? delayMs : undefined;
  }

  /**
   * A 410 turns the configuration off at once. Should the database not answer, the event is
   * still done with: the next event of the environment meets the same 410 and disables it then.
   */
  private async disable(
    event: DeliveryEvent,
    config: EventsWebhookResponseDto,
    status: number,
  ): Promise<void> {
    const reason = `${config.webhook} answered ${status} Gone`;
    const disabling = {
      accountId: event.accountId,
      envId: event.envId,
      webhookId: config.webhookId,
      webhook: config.webhook,
      reason,
    };
    await this.webhooks.disable(disabling).catch((error: unknown) => {
      this.logger.warn(
        `webhook ${config.webhookId} could not be disabled: ${describeError(error)}`,
      );
    });
  }
}
