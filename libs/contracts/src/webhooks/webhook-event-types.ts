import { ChannelLogName } from '../common/channel.enum';
import { DeliveryStatus } from '../events/delivery.event';

/** The event kinds a customer may subscribe to (spec section 6). */
export const WEBHOOK_EVENT_TYPES = [
  'EMAIL_OPEN',
  'EMAIL_CLICK',
  'EMAIL_FAILED',
  'EMAIL_DELIVERED',
  'EMAIL_UNSUBSCRIBE',
  'EMAIL_INBOUND',
  'INAPP_WEB_FAILED',
  'INAPP_WEB_UNSUBSCRIBE',
  'SMS_DELIVERED',
  'SMS_FAILED',
  'SMS_UNSUBSCRIBE',
  'SMS_SUBSCRIBE',
  'SMS_INBOUND',
  'PUSH_FAILED',
  'PUSH_UNSUBSCRIBE',
  'CALL_FAILED',
  'CALL_UNSUBSCRIBE',
  'WEB_PUSH_FAILED',
  'WEB_PUSH_UNSUBSCRIBE',
  'SLACK_FAILED',
  'SLACK_UNSUBSCRIBE',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** How event types name each channel: `SMS_…`, `PUSH_…`, `INAPP_WEB_…`. */
export const EVENT_TYPE_CHANNEL: Record<ChannelLogName, string> = {
  email: 'EMAIL',
  inapp: 'INAPP_WEB',
  sms: 'SMS',
  call: 'CALL',
  mobile_push: 'PUSH',
  web_push: 'WEB_PUSH',
  slack: 'SLACK',
};

const STATUS_SUFFIX: Partial<Record<DeliveryStatus, string>> = {
  opened: 'OPEN',
  clicked: 'CLICK',
  failed: 'FAILED',
  delivered: 'DELIVERED',
  unsubscribe: 'UNSUBSCRIBE',
  subscribe: 'SUBSCRIBE',
  inbound: 'INBOUND',
};

/** The webhook event type of a delivery step (`sms` + `inbound` is SMS_INBOUND), if it has one. */
export function webhookEventTypeOf(
  channel: ChannelLogName,
  status: DeliveryStatus,
): WebhookEventType | undefined {
  const suffix = STATUS_SUFFIX[status];
  if (suffix === undefined) return undefined;
  const type = `${EVENT_TYPE_CHANNEL[channel]}_${suffix}`;
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(type)
    ? (type as WebhookEventType)
    : undefined;
}
