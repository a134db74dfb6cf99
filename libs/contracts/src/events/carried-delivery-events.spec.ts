import { Routing } from '../common/routing.enum';
import { carriedDeliveryEvents, deliveryEventOf, deliveryStepsOf } from './carried-delivery-events';
import { SendProcessedEvent } from './clarion-event';
import { DeliveryEventData } from './delivery.event';
import { EventEnvelope } from './event-envelope';

const send = { trackingId: 't1', accountId: 'a1', envId: 'e1' };
const sent: DeliveryEventData = {
  channel: 'inapp',
  status: 'sent',
  at: '2026-11-24T10:00:00.011Z',
  after: 11,
};

function processed(deliveries?: DeliveryEventData[]): SendProcessedEvent {
  return {
    ...send,
    id: 't1:processed',
    kind: 'send.processed',
    occurredAt: '2026-11-24T10:00:00.010Z',
    data: {
      type: 'welcome',
      receivedAt: '2026-11-24T10:00:00.000Z',
      processedAt: '2026-11-24T10:00:00.010Z',
      request: '{}',
      user: { id: 'ada' },
      channels: { inapp: { routing: Routing.SEND } },
      ...(deliveries && { deliveries }),
    },
  };
}

describe(deliveryEventOf.name, () => {
  it('keys a step by its send and kind, and dates it when it happened', () => {
    expect(deliveryEventOf(send, sent)).toEqual({
      ...send,
      id: 't1:delivery.inapp.sent',
      kind: 'delivery.inapp.sent',
      occurredAt: sent.at,
      data: sent,
    });
  });
});

describe(carriedDeliveryEvents.name, () => {
  it('gives back the steps a processed send carries as the events they stand for', () => {
    const delivered: DeliveryEventData = { ...sent, status: 'delivered', after: 14 };
    expect(carriedDeliveryEvents(processed([sent, delivered]))).toEqual([
      deliveryEventOf(send, sent),
      deliveryEventOf(send, delivered),
    ]);
  });

  it('gives none for a send that carries none (one of an earlier version too)', () => {
    expect(carriedDeliveryEvents(processed())).toEqual([]);
  });
});

describe(deliveryStepsOf.name, () => {
  it('reads a delivery event as itself, a processed send as the steps it carries, others as none', () => {
    const own = deliveryEventOf(send, sent);
    expect(deliveryStepsOf(own)).toEqual([own]);
    // As a consumer reads it from the stream.
    const read: EventEnvelope = JSON.parse(JSON.stringify(processed([sent])));
    expect(deliveryStepsOf(read)).toEqual([own]);
    expect(deliveryStepsOf({ ...own, kind: 'webhook.result' })).toEqual([]);
  });
});
