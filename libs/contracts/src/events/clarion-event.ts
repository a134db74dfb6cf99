import { CHANNEL_LOG_NAMES } from '../common/channel.enum';
import {
  ScheduleEventData,
  SEND_SCHEDULE_DELETED,
  SEND_SCHEDULE_UPDATED,
  SEND_SCHEDULED,
} from '../send/schedule-requests';
import { WEBHOOK_RESULT, WebhookResultData } from '../webhooks/webhook-result.event';
import {
  DELIVERY_STATUSES,
  DeliveryEventData,
  DeliveryEventKind,
  deliveryEventKind,
} from './delivery.event';
import { EventEnvelope } from './event-envelope';
import { SEND_PROCESSED, SendProcessedData } from './send-processed.event';

/** An event of one kind with its data: the kind is its subject (`evt.<kind>`). */
type EventOf<TKind extends string, TData extends object> = Omit<EventEnvelope<TData>, 'kind'> & {
  kind: TKind;
};

export type ScheduleEventKind =
  typeof SEND_SCHEDULED | typeof SEND_SCHEDULE_UPDATED | typeof SEND_SCHEDULE_DELETED;

export type SendProcessedEvent = EventOf<typeof SEND_PROCESSED, SendProcessedData>;
export type ScheduleEvent = EventOf<ScheduleEventKind, ScheduleEventData>;
export type DeliveryEvent = EventOf<DeliveryEventKind, DeliveryEventData>;
export type WebhookResultEvent = EventOf<typeof WEBHOOK_RESULT, WebhookResultData>;

/** Every event on the EVENTS stream. Producers publish only these; consumers read them back. */
export type ClarionEvent = SendProcessedEvent | ScheduleEvent | DeliveryEvent | WebhookResultEvent;

/** The events of one kind, e.g. `EventOfKind<'delivery.sms.sent'>` is a DeliveryEvent. */
export type EventOfKind<TKind extends ClarionEvent['kind']> = ClarionEvent extends infer E
  ? E extends { kind: infer K }
    ? TKind extends K
      ? E
      : never
    : never
  : never;

/** Builds an event of a kind, typed by it; the id (the Nats-Msg-Id) is the producer's. */
export function eventOf<TKind extends ClarionEvent['kind']>(
  kind: TKind,
  fields: Omit<EventOfKind<TKind>, 'kind'>,
): EventOfKind<TKind> {
  return { ...fields, kind } as EventOfKind<TKind>;
}

/** What a consumer tells events apart by: each family has one data type. */
export type KnownEvent =
  | { family: 'send.processed'; event: SendProcessedEvent }
  | { family: 'send.schedule'; event: ScheduleEvent }
  | { family: 'delivery'; event: DeliveryEvent }
  | { family: 'webhook.result'; event: WebhookResultEvent };

export type EventFamily = KnownEvent['family'];

const FAMILY_OF_KIND: ReadonlyMap<string, EventFamily> = new Map<string, EventFamily>([
  [SEND_PROCESSED, 'send.processed'],
  [SEND_SCHEDULED, 'send.schedule'],
  [SEND_SCHEDULE_UPDATED, 'send.schedule'],
  [SEND_SCHEDULE_DELETED, 'send.schedule'],
  [WEBHOOK_RESULT, 'webhook.result'],
  ...[...new Set(Object.values(CHANNEL_LOG_NAMES))].flatMap((channel) =>
    DELIVERY_STATUSES.map((status): [string, EventFamily] => [
      deliveryEventKind(channel, status),
      'delivery',
    ]),
  ),
]);

/**
 * An event read from the stream, by family; undefined for a kind this version does not know (a
 * newer producer's), which consumers pass over rather than fail on. The family is looked up by
 * the exact kind, so an event is only ever read with the data type its kind was built with.
 */
export function knownEvent(envelope: EventEnvelope): KnownEvent | undefined {
  const family = FAMILY_OF_KIND.get(envelope.kind);
  return family === undefined ? undefined : ({ family, event: envelope } as KnownEvent);
}
