import { SendScope } from '../common/tenant-scope';
import { DeliveryEvent, knownEvent, SendProcessedEvent } from './clarion-event';
import { DeliveryEventData, deliveryEventKind } from './delivery.event';
import { EventEnvelope } from './event-envelope';

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

/**
 * The delivery steps an event stands for, whichever form they came in: a delivery event itself,
 * the steps a processed send carries, none for any other kind.
 */
export function deliveryStepsOf(envelope: EventEnvelope): DeliveryEvent[] {
  const known = knownEvent(envelope);
  if (!known) return [];
  switch (known.family) {
    case 'delivery':
      return [known.event];
    case 'send.processed':
      return carriedDeliveryEvents(known.event);
    case 'send.schedule':
    case 'webhook.result':
      return [];
  }
}
