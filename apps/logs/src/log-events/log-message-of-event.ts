import {
  DeliveryEventData,
  EVENT_TYPE_CHANNEL,
  EventEnvelope,
  knownEvent,
  LogMessageDto,
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

export function logEventOf(envelope: EventEnvelope): LogEventRow | undefined {
  const known = knownEvent(envelope);
  if (!known) return undefined;
  const row = {
    accountId: envelope.accountId,
    eventId: envelope.id,
    trackingId: envelope.trackingId,
    envId: envelope.envId,
    at: envelope.occurredAt,
  };
  switch (known.family) {
    case 'webhook.result':
      return undefined;
    case 'send.processed':
    case 'send.schedule':
      return { ...row, eventType: eventTypeOfKind(known.event.kind), details: {} };
    case 'delivery': {
      const { data } = known.event;
      const eventType =
        webhookEventTypeOf(data.channel, data.status) ??
        `${EVENT_TYPE_CHANNEL[data.channel]}_${data.status.toUpperCase()}`;
      return { ...row, at: data.at ?? envelope.occurredAt, eventType, details: detailsOf(data) };
    }
  }
}

/** `send.schedule-updated` is listed as `SEND_SCHEDULE-UPDATED`, as it always was. */
function eventTypeOfKind(kind: string): string {
  return kind.replace(/\./g, '_').toUpperCase();
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
