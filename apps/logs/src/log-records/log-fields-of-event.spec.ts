import { EventEnvelope, Routing } from '@clarion/contracts';
import { logFieldsOfEvent } from './log-fields-of-event';

const tenant = {
  trackingId: '0192f0c4-0000-7000-8000-000000000001',
  accountId: '0192f0c4-0000-7000-8000-000000000002',
  envId: '0192f0c4-0000-7000-8000-000000000003',
};

function event(kind: string, data: object): EventEnvelope {
  return {
    id: `${tenant.trackingId}:${kind}`,
    kind,
    occurredAt: '2026-11-21T10:00:00.000Z',
    ...tenant,
    data: data as Record<string, unknown>,
  };
}

describe(logFieldsOfEvent.name, () => {
  it('records what the pipeline decided, per channel, in the log field names', () => {
    const sut = logFieldsOfEvent(
      event('send.processed', {
        type: 'welcome',
        receivedAt: '2026-11-21T10:00:00.000Z',
        processedAt: '2026-11-21T10:00:00.010Z',
        request: '{}',
        ip: '127.0.0.1',
        user: { id: 'u1', email: 'u1@example.test' },
        channels: {
          inapp: { routing: Routing.SEND, preview: 'Hello Ada' },
          email: { routing: Routing.SEND, failedCode: 'NO_DEFAULT_TEMPLATE' },
        },
      }),
    );
    expect(sut).toEqual({
      ...tenant,
      type: 'welcome',
      received_at: '2026-11-21T10:00:00.000Z',
      processed_at: '2026-11-21T10:00:00.010Z',
      request: '{}',
      ip: '127.0.0.1',
      user_id: 'u1',
      user_email: 'u1@example.test',
      inapp_routing: 'SEND',
      inapp_preview: 'Hello Ada',
      email_routing: 'SEND',
      email_failed_code: 'NO_DEFAULT_TEMPLATE',
      email_failed_at: '2026-11-21T10:00:00.010Z',
    });
  });

  it('records the in-app steps a processed send carries as if they were events of their own', () => {
    const sut = logFieldsOfEvent(
      event('send.processed', {
        type: 'welcome',
        receivedAt: '2026-11-21T10:00:00.000Z',
        processedAt: '2026-11-21T10:00:00.010Z',
        request: '{}',
        user: { id: 'u1' },
        channels: { inapp: { routing: Routing.SEND } },
        deliveries: [
          { channel: 'inapp', status: 'sent', at: '2026-11-21T10:00:00.011Z', after: 11 },
          { channel: 'inapp', status: 'delivered', at: '2026-11-21T10:00:00.014Z', after: 14 },
        ],
      }),
    );
    expect(sut).toMatchObject({
      inapp_routing: 'SEND',
      inapp_sent_at: '2026-11-21T10:00:00.011Z',
      inapp_sent_after: 11,
      inapp_delivered_at: '2026-11-21T10:00:00.014Z',
      inapp_delivered_after: 14,
    });
  });

  it('records delivery steps as <channel>_<status>_at and _after', () => {
    const sut = logFieldsOfEvent(
      event('delivery.inapp.delivered', {
        channel: 'inapp',
        status: 'delivered',
        at: '2026-11-21T10:00:00.050Z',
        after: 50,
      }),
    );
    expect(sut).toEqual({
      ...tenant,
      inapp_delivered_at: '2026-11-21T10:00:00.050Z',
      inapp_delivered_after: 50,
    });
  });

  it('adds the further fields of a step under its prefix', () => {
    const sut = logFieldsOfEvent(
      event('delivery.sms.inbound', {
        channel: 'sms',
        status: 'inbound',
        at: '2026-11-21T10:00:01.000Z',
        fields: { from: '+15550100000', text: 'STOP' },
      }),
    );
    expect(sut).toEqual({
      ...tenant,
      sms_inbound_at: '2026-11-21T10:00:01.000Z',
      sms_inbound_from: '+15550100000',
      sms_inbound_text: 'STOP',
    });
  });

  it('records webhook results as <channel>_<status>_webhook_res (and _delivered for inbound)', () => {
    expect(
      logFieldsOfEvent(
        event('webhook.result', {
          channel: 'email',
          status: 'opened',
          result: '200',
          delivered: true,
        }),
      ),
    ).toEqual({ ...tenant, email_opened_webhook_res: '200' });
    expect(
      logFieldsOfEvent(
        event('webhook.result', {
          channel: 'sms',
          status: 'inbound',
          result: '503 (attempt 1, next in 5 s)',
          delivered: false,
        }),
      ),
    ).toEqual({
      ...tenant,
      sms_inbound_webhook_res: '503 (attempt 1, next in 5 s)',
      sms_inbound_webhook_delivered: false,
    });
  });

  it('keeps only the tenant fields of an event kind it does not know', () => {
    expect(logFieldsOfEvent(event('something.new', { x: 1 }))).toEqual(tenant);
  });
});
