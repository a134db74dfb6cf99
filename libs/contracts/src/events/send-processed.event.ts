import { ChannelLogName } from '../common/channel.enum';
import { Routing } from '../common/routing.enum';
import { DeliveryEventData } from './delivery.event';

export const SEND_PROCESSED = 'send.processed';

/** What the send pipeline decided for one channel. */
export interface ChannelDecision {
  routing: Routing;
  reason?: string;
  preview?: string;
  failedCode?: string;
  internal?: string;
}

/** Published by notifications once it has decided what a send does. */
export interface SendProcessedData {
  type: string;
  receivedAt: string;
  processedAt: string;
  ip?: string;
  agent?: string;
  clientId?: string;
  request: string;
  user: { id: string; email?: string; number?: string };
  channels: Partial<Record<ChannelLogName, ChannelDecision>>;
  /** Set when nothing is sent at all, e.g. ALL_CHANNELS_IGNORED. */
  ignored?: string;
  /** Why, in words, when the enum value alone does not say it (e.g. a false condition). */
  ignoredReason?: string;
  /**
   * Delivery steps taken while the send was processed: an in-app notification is stored by the
   * batch that processes its send, so its `sent` and `delivered` steps travel in this event
   * instead of as events of their own (`carriedDeliveryEvents` gives them back as such).
   */
  deliveries?: DeliveryEventData[];
}
