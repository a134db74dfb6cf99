import { DeliveryEventData, EventEnvelope, Routing, SendProcessedData } from '@clarion/contracts';

/** The send every fixture event belongs to. */
export const SEND = {
  trackingId: '0192f0c4-0000-7000-8000-000000000001',
  accountId: '0192f0c4-0000-7000-8000-000000000002',
  envId: '0192f0c4-0000-7000-8000-000000000003',
};

/** An event of the send, as read from the stream: kinds this version does not know too. */
export function eventOfSend(
  kind: string,
  data: object,
  occurredAt = '2026-11-21T10:00:00.000Z',
): EventEnvelope {
  return {
    id: `${SEND.trackingId}:${kind}`,
    kind,
    occurredAt,
    ...SEND,
    data: data as Record<string, unknown>,
  };
}

/** The in-app steps of the send: handed to the inbox 11 ms after it was received, stored 3 ms later. */
export const INAPP_SENT: DeliveryEventData = {
  channel: 'inapp',
  status: 'sent',
  at: '2026-11-21T10:00:00.011Z',
  after: 11,
};
export const INAPP_DELIVERED: DeliveryEventData = {
  channel: 'inapp',
  status: 'delivered',
  at: '2026-11-21T10:00:00.014Z',
  after: 14,
};
export const INAPP_STEPS = [INAPP_SENT, INAPP_DELIVERED];

/** The `send.processed` data of an in-app send of `welcome`, carrying the given steps. */
export function processedInappSend(deliveries: DeliveryEventData[]): SendProcessedData {
  return {
    type: 'welcome',
    receivedAt: '2026-11-21T10:00:00.000Z',
    processedAt: '2026-11-21T10:00:00.010Z',
    request: '{}',
    user: { id: 'u1' },
    channels: { inapp: { routing: Routing.SEND } },
    deliveries,
  };
}

/** The `send.processed` data of a `welcome` send whose email the pipeline failed: no address. */
export const PROCESSED_EMAIL_FAILURE: SendProcessedData = {
  type: 'welcome',
  receivedAt: '2026-11-21T10:00:00.000Z',
  processedAt: '2026-11-21T10:00:00.010Z',
  request: '{}',
  user: { id: 'u1' },
  channels: {
    email: {
      routing: Routing.SEND,
      failedCode: 'MISSING_EMAIL_RECIPIENT',
      internal: 'the user has no email address',
    },
  },
};

/** The `delivery.email.failed` step notifications publishes beside it, for events webhooks. */
export const EMAIL_FAILED_BY_PIPELINE: DeliveryEventData = {
  channel: 'email',
  status: 'failed',
  at: '2026-11-21T10:00:00.010Z',
  failedCode: 'MISSING_EMAIL_RECIPIENT',
  internal: 'the user has no email address',
  userId: 'u1',
  notificationId: 'welcome',
};
