import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  Channel,
  DeliveryEvent,
  deliveryEventKind,
  DeliveryOption,
  DeliveryStatus,
  NotFoundError,
  Requests,
  TrackingKind,
  TrackingTokenPayload,
  verifyTrackingToken,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { GatewayEnv } from '../gateway.env';
import { GATEWAY_ENV } from '../gateway.tokens';

/** Who opened or clicked, as the log record keeps it. */
export interface Visitor {
  ip: string;
  userAgent?: string;
}

/** Opens, clicks and unsubscribes from the signed links in emails, as events on their send. */
@Injectable()
export class TrackingService {
  constructor(
    private readonly messaging: MessagingClient,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  /** The token's facts when it is genuine and of the expected kind. */
  verify(token: string, kind: TrackingKind): TrackingTokenPayload | undefined {
    const payload = verifyTrackingToken(token, this.env.TRACKING_SECRET);
    return payload?.kind === kind ? payload : undefined;
  }

  async opened(token: string, visitor: Visitor): Promise<void> {
    const payload = this.verify(token, 'open');
    if (payload) await this.publish(payload, 'opened', visitorFields(visitor));
  }

  /** The URL to send the visitor on to. */
  async clicked(token: string, visitor: Visitor): Promise<string> {
    const payload = this.verify(token, 'click');
    if (!payload?.url) throw new NotFoundError('This link');
    await this.publish(payload, 'clicked', { link: payload.url, ...visitorFields(visitor) });
    return payload.url;
  }

  /** Turns email of the notification type off for the user (a preference), and says so as an event. */
  async unsubscribed(token: string): Promise<void> {
    const payload = this.verify(token, 'unsubscribe');
    if (!payload) throw new NotFoundError('This unsubscribe link');
    await this.messaging.request(Requests.setPreferences, {
      accountId: payload.accountId,
      envId: payload.envId,
      userId: payload.userId,
      preferences: [
        {
          notificationId: payload.notificationId,
          channel: Channel.EMAIL,
          delivery: DeliveryOption.OFF,
        },
      ],
    });
    await this.publish(payload, 'unsubscribe', {}, payload.trackingId);
  }

  private async publish(
    payload: TrackingTokenPayload,
    status: DeliveryStatus,
    fields: Record<string, string>,
    occurrence: string = randomUUID(),
  ): Promise<void> {
    const at = new Date().toISOString();
    const kind = deliveryEventKind('email', status);
    const event: DeliveryEvent = {
      id: `${payload.trackingId}:${kind}:${occurrence}`,
      kind,
      trackingId: payload.trackingId,
      accountId: payload.accountId,
      envId: payload.envId,
      occurredAt: at,
      data: {
        channel: 'email',
        status,
        at,
        userId: payload.userId,
        notificationId: payload.notificationId,
        fields,
      },
    };
    await this.messaging.publishEvent(event);
  }
}

function visitorFields(visitor: Visitor): Record<string, string> {
  return {
    ip: visitor.ip,
    ...(visitor.userAgent !== undefined && { user_agent: visitor.userAgent.slice(0, 500) }),
  };
}
