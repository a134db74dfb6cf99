import {
  carriedDeliveryEvents,
  DeliveryEvent,
  DeliveryEventData,
  EVENT_TYPE_CHANNEL,
  EventEnvelope,
  knownEvent,
  LogMessageDto,
  ScheduleEvent,
  SendProcessedEvent,
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

/**
 * The steps of a send an event is (GET /logs lists each): none for a webhook result or a kind
 * this version does not know, and for a processed send, the delivery steps it carries too.
 */
export function logEventsOf(envelope: EventEnvelope): LogEventRow[] {
  const known = knownEvent(envelope);
  if (!known) return [];
  switch (known.family) {
    case 'webhook.result':
      return [];
    case 'send.processed':
      return [stepOfSend(known.event), ...carriedDeliveryEvents(known.event).map(deliveryStepOf)];
    case 'send.schedule':
      return [stepOfSend(known.event)];
    case 'delivery':
      return [deliveryStepOf(known.event)];
  }
}

function scopeOf(event: EventEnvelope<object>): Omit<LogEventRow, 'eventType' | 'details'> {
  return {
    accountId: event.accountId,
    eventId: event.id,
    trackingId: event.trackingId,
    envId: event.envId,
    at: event.occurredAt,
  };
}

function stepOfSend(event: SendProcessedEvent | ScheduleEvent): LogEventRow {
  return { ...scopeOf(event), eventType: eventTypeOfKind(event.kind), details: {} };
}

function deliveryStepOf(event: DeliveryEvent): LogEventRow {
  const { data } = event;
  const eventType =
    webhookEventTypeOf(data.channel, data.status) ??
    `${EVENT_TYPE_CHANNEL[data.channel]}_${data.status.toUpperCase()}`;
  return {
    ...scopeOf(event),
    at: data.at ?? event.occurredAt,
    eventType,
    details: detailsOf(data),
  };
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
