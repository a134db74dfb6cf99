import { ChannelLogName } from '../common/channel.enum';

export type DeliveryStatus = 'sent' | 'delivered' | 'failed';

/** Event kind of a delivery step, e.g. `delivery.inapp.delivered`. */
export function deliveryEventKind(channel: ChannelLogName, status: DeliveryStatus): string {
  return `delivery.${channel}.${status}`;
}

/** Published by delivery-workers at each step of delivering one channel of a send. */
// A type, not an interface, so that it fits an envelope of Record<string, unknown> data.
export type DeliveryEventData = {
  channel: ChannelLogName;
  status: DeliveryStatus;
  /** When the step happened (ISO 8601). */
  at: string;
  /** Milliseconds from the send being received to this step. */
  after: number;
  failedCode?: string;
  internal?: string;
};
