import {
  DeliveryEventData,
  EVENT_TYPE_CHANNEL,
  EventEnvelope,
  LogMessageDto,
  WEBHOOK_RESULT,
  webhookEventTypeOf,
} from '@clarion/contracts';

/** A step of a send as GET /logs lists it; undefined for events that are not steps of a send. */
export interface LogEventRow {
  accountId: string;
  eventId: string;
  trackingId: string;
  envId: string;
  eventType: string;
  at: string;
  details: Omit<LogMessageDto, 'trackingId' | 'eventType' | 'timestamp' | 'epochMs'>;
}

export function logEventOf(event: EventEnvelope): LogEventRow | undefined {
  if (event.kind === WEBHOOK_RESULT) return undefined;
  const row = {
    accountId: event.accountId,
    eventId: event.id,
    trackingId: event.trackingId,
    envId: event.envId,
    at: event.occurredAt,
  };
  if (!event.kind.startsWith('delivery.')) {
    return { ...row, eventType: event.kind.replace(/\./g, '_').toUpperCase(), details: {} };
  }
  const data = event.data as unknown as DeliveryEventData;
  const eventType =
    webhookEventTypeOf(data.channel, data.status) ??
    `${EVENT_TYPE_CHANNEL[data.channel]}_${data.status.toUpperCase()}`;
  return { ...row, at: data.at ?? event.occurredAt, eventType, details: detailsOf(data) };
}

/** What an inbound message said, and the provider's id of a sent one. */
function detailsOf(data: DeliveryEventData): LogEventRow['details'] {
  const fields = data.fields ?? {};
  const text = (key: string) => (typeof fields[key] === 'string' ? fields[key] : undefined);
  const [from, to, bodyText, media] = ['from', 'to', 'text', 'media'].map(text);
  const messageId = text('message_id') ?? text('messageId');
  return {
    ...(from !== undefined && { from }),
    ...(to !== undefined && { to: [to] }),
    ...(bodyText !== undefined && { bodyText }),
    ...(media !== undefined && { media: media.split(',').map((url) => ({ url })) }),
    ...(messageId !== undefined && { messageId }),
  };
}
