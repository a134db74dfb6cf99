import { deliveryEventKind } from './delivery.event';
import { EventEnvelope } from './event-envelope';
import { eventOf, knownEvent } from './clarion-event';

const envelope = (kind: string): EventEnvelope => ({
  id: `t1:${kind}`,
  kind,
  trackingId: 't1',
  accountId: 'a1',
  envId: 'e1',
  occurredAt: '2026-11-24T10:00:00.000Z',
  data: {},
});

describe(knownEvent.name, () => {
  it.each([
    ['send.processed', 'send.processed'],
    ['send.scheduled', 'send.schedule'],
    ['send.schedule-updated', 'send.schedule'],
    ['send.schedule-deleted', 'send.schedule'],
    ['webhook.result', 'webhook.result'],
    [deliveryEventKind('inapp', 'delivered'), 'delivery'],
    [deliveryEventKind('mobile_push', 'failed'), 'delivery'],
    [deliveryEventKind('sms', 'inbound'), 'delivery'],
  ])('reads %s as a %s event', (kind, family) => {
    expect(knownEvent(envelope(kind))?.family).toBe(family);
  });

  it.each(['delivery.fax.sent', 'delivery.sms.bounced', 'send.processed.v2', 'something.new'])(
    'passes over %s, a kind it does not know',
    (kind) => expect(knownEvent(envelope(kind))).toBeUndefined(),
  );
});

describe(eventOf.name, () => {
  it('builds an event of the kind with its fields', () => {
    const event = eventOf('delivery.sms.sent', {
      ...envelope('x'),
      data: { channel: 'sms', status: 'sent', at: '2026-11-24T10:00:00.000Z' },
    });
    expect(event.kind).toBe('delivery.sms.sent');
    expect(knownEvent(event)).toEqual({ family: 'delivery', event });
  });
});
