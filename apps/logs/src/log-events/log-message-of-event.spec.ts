import { EventEnvelope, Routing } from '@clarion/contracts';
import { logEventsOf } from './log-message-of-event';

const tenant = {
  trackingId: '0192f0c4-0000-7000-8000-000000000001',
  accountId: '0192f0c4-0000-7000-8000-000000000002',
  envId: '0192f0c4-0000-7000-8000-000000000003',
};

function event(kind: string, data: object): EventEnvelope {
  return {
    id: `${tenant.trackingId}:${kind}`,
    kind,
    occurredAt: '2026-11-21T10:00:00.010Z',
    ...tenant,
    data: data as Record<string, unknown>,
  };
}

const inappSent = { channel: 'inapp', status: 'sent', at: '2026-11-21T10:00:00.011Z', after: 11 };

describe(logEventsOf.name, () => {
  it('lists a processed send, then the in-app steps it carries, under the ids of their events', () => {
    const rows = logEventsOf(
      event('send.processed', {
        type: 'welcome',
        receivedAt: '2026-11-21T10:00:00.000Z',
        processedAt: '2026-11-21T10:00:00.010Z',
        request: '{}',
        user: { id: 'u1' },
        channels: { inapp: { routing: Routing.SEND } },
        deliveries: [
          inappSent,
          { channel: 'inapp', status: 'delivered', at: '2026-11-21T10:00:00.014Z', after: 14 },
        ],
      }),
    );
    expect(rows.map(({ eventId, eventType, at }) => [eventId, eventType, at])).toEqual([
      [`${tenant.trackingId}:send.processed`, 'SEND_PROCESSED', '2026-11-21T10:00:00.010Z'],
      [`${tenant.trackingId}:delivery.inapp.sent`, 'INAPP_WEB_SENT', '2026-11-21T10:00:00.011Z'],
      [
        `${tenant.trackingId}:delivery.inapp.delivered`,
        'INAPP_WEB_DELIVERED',
        '2026-11-21T10:00:00.014Z',
      ],
    ]);
  });

  it('lists the same step for a delivery event of its own as for a carried one', () => {
    const [own] = logEventsOf(event('delivery.inapp.sent', inappSent));
    const [, carried] = logEventsOf(
      event('send.processed', {
        type: 'welcome',
        receivedAt: '2026-11-21T10:00:00.000Z',
        processedAt: '2026-11-21T10:00:00.010Z',
        request: '{}',
        user: { id: 'u1' },
        channels: {},
        deliveries: [inappSent],
      }),
    );
    expect(carried).toEqual(own);
  });

  it('lists nothing for a webhook result or a kind it does not know', () => {
    expect(logEventsOf(event('webhook.result', {}))).toEqual([]);
    expect(logEventsOf(event('send.processed.v2', {}))).toEqual([]);
  });
});
