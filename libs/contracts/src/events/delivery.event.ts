import { ChannelLogName } from '../common/channel.enum';

/**
 * Steps of delivering one channel of a send, and what recipients did with it afterwards. Each is
 * the middle of its log record fields: `sms_delivered_at`, `email_clicked_link`, `sms_inbound_text`.
 */
export const DELIVERY_STATUSES = [
  'sent',
  'delivered',
  'failed',
  'opened',
  'clicked',
  'unsubscribe',
  'subscribe',
  'inbound',
  'replied',
] as const;

export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** Event kind of a delivery step, e.g. `delivery.inapp.delivered`. */
export type DeliveryEventKind = `delivery.${ChannelLogName}.${DeliveryStatus}`;

export function deliveryEventKind(
  channel: ChannelLogName,
  status: DeliveryStatus,
): DeliveryEventKind {
  return `delivery.${channel}.${status}`;
}

/** A log record field value. */
export type DeliveryFieldValue = string | number | boolean;

/** Published by delivery-workers (and the gateway's provider callbacks) at each step. */
// A type, not an interface, so that it fits an envelope of Record<string, unknown> data.
export type DeliveryEventData = {
  channel: ChannelLogName;
  status: DeliveryStatus;
  /** When the step happened (ISO 8601). */
  at: string;
  /** Milliseconds from the send being received to this step (sent, delivered, failed). */
  after?: number;
  failedCode?: string;
  internal?: string;
  /** The user and notification type of the send, for event webhooks. */
  userId?: string;
  notificationId?: string;
  /** Further log fields of the step by suffix: `{ link: 'https://…' }` is `email_clicked_link`. */
  fields?: Record<string, DeliveryFieldValue>;
};
