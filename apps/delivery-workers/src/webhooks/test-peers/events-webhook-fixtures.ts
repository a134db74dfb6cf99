import { INestApplicationContext } from '@nestjs/common';
import {
  DeliveryEvent,
  DeliveryEventData,
  deliveryEventKind,
  DeliveryStatus,
  EventsWebhookResponseDto,
  newTimeOrderedId,
  Requests,
  TenantScope,
  WebhookEventType,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { bootService, testEnv } from '@clarion/testing';
import { DeliveryWorkersEnv } from '../../delivery-workers.env';
import { DeliveryWorkersModule } from '../../delivery-workers.module';
import { WebhookEndpoint, WebhookReceiver } from './webhook-peers';

/** Short enough for a test, long enough that a retry cannot beat closing the app. */
const RETRY_SCHEDULE = '1500ms,1s,1s';

/** A delivery-workers replica that may call loopback receivers. */
export async function bootWebhookWorkers(
  namespace: string,
  databaseUrl: string,
): Promise<INestApplicationContext> {
  const env = testEnv(DeliveryWorkersEnv, {
    namespace,
    databaseUrl,
    OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8',
    WEBHOOK_RETRY_SCHEDULE: RETRY_SCHEDULE,
  });
  const booted = await bootService(DeliveryWorkersModule.forRoot(env));
  await booted.init();
  return booted;
}

/** Saves the environment's events webhook as the gateway does, and gives its secret to the receiver. */
export async function configureWebhook(
  messaging: MessagingClient,
  receiver: WebhookReceiver,
  tenant: TenantScope,
  endpoint: WebhookEndpoint,
  events: WebhookEventType[],
): Promise<EventsWebhookResponseDto> {
  const config = await messaging.request(Requests.saveEventsWebhook, {
    ...tenant,
    webhook: endpoint.url,
    events,
  });
  receiver.verifyWith(endpoint, config.secret);
  return config;
}

/** A published delivery step, and where it lies on the EVENTS stream. */
export type PublishedStep = DeliveryEvent & { seq: number };

/** Publishes a delivery step as delivery-workers and the gateway do. */
export async function publishStep(
  messaging: MessagingClient,
  tenant: TenantScope,
  channel: DeliveryEventData['channel'],
  status: DeliveryStatus,
  details: Partial<DeliveryEventData> = {},
): Promise<PublishedStep> {
  const trackingId = newTimeOrderedId();
  const kind = deliveryEventKind(channel, status);
  const at = new Date().toISOString();
  const event: DeliveryEvent = {
    id: `${trackingId}:${kind}`,
    kind,
    trackingId,
    accountId: tenant.accountId,
    envId: tenant.envId,
    occurredAt: at,
    data: { channel, status, at, userId: 'user-7', notificationId: 'order-shipped', ...details },
  };
  const { seq } = await messaging.publishEvent(event);
  return { ...event, seq };
}
