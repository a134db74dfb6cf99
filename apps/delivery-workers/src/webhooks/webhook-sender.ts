import { Injectable } from '@nestjs/common';
import { EventsWebhookResponseDto } from '@clarion/contracts';
import { OutboundGuard } from '@clarion/outbound';
import { outcomeOfError, outcomeOfResponse, WebhookOutcome } from './webhook-outcome';
import { WebhookPayload } from './webhook-payload';
import { signedWebhookHeaders } from './webhook-signature';

const TIMEOUT_MS = 15_000;
const USER_AGENT = 'Clarion-Webhooks/1';

/**
 * Posts one signed event to a customer's webhook through the outbound guard: private addresses
 * are refused, redirects are not followed, and a receiver gets 15 s to answer.
 */
@Injectable()
export class WebhookSender {
  constructor(private readonly guard: OutboundGuard) {}

  async send(
    config: Pick<EventsWebhookResponseDto, 'webhook' | 'secret'>,
    messageId: string,
    payload: WebhookPayload,
  ): Promise<WebhookOutcome> {
    const body = JSON.stringify(payload);
    try {
      const response = await this.guard.fetch(config.webhook, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': USER_AGENT,
          ...signedWebhookHeaders(config.secret, messageId, body),
        },
        body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      // Only the status matters; dropping the body frees the connection.
      await response.body?.cancel().catch(() => undefined);
      return outcomeOfResponse(response.status, response.headers.get('retry-after'));
    } catch (error) {
      return outcomeOfError(error);
    }
  }
}
