import { SendScope } from '../common/tenant-scope';
import { DeliveryEvent, SendProcessedEvent } from './clarion-event';
import { DeliveryEventData, deliveryEventKind } from './delivery.event';

/**
 * The delivery event of one step of a send. Its id, `<trackingId>:delivery.<channel>.<status>`,
 * is what a log step and a metered cost are keyed by, so a step reported twice counts once.
 */
export function deliveryEventOf(send: SendScope, data: DeliveryEventData): DeliveryEvent {
  const kind = deliveryEventKind(data.channel, data.status);
  return {
    id: `${send.trackingId}:${kind}`,
    kind,
    trackingId: send.trackingId,
    accountId: send.accountId,
    envId: send.envId,
    occurredAt: data.at,
    data,
  };
}

/**
 * The delivery steps a `send.processed` event carries, as the delivery events they stand for:
 * the same ids and data as if each had been published on its own.
 */
export function carriedDeliveryEvents(event: SendProcessedEvent): DeliveryEvent[] {
  const { deliveries } = event.data;
  return Array.isArray(deliveries) ? deliveries.map((data) => deliveryEventOf(event, data)) : [];
}
