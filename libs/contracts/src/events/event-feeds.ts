import { defineJob, JobDefinition, StreamName } from '../messaging/message-definitions';
import { Shape } from '../messaging/payload-shape';
import { EventEnvelope } from './event-envelope';
import { eventSubject } from './event-subject';
import { SEND_PROCESSED } from './send-processed.event';

const EVENT_ENVELOPE_SHAPE: Shape<EventEnvelope> = {
  id: 'string',
  kind: 'string',
  trackingId: 'string',
  accountId: 'string',
  envId: 'string',
  occurredAt: 'string',
  data: 'object',
};

function eventFeed<TEvent extends EventEnvelope<object>>(subject: string): JobDefinition<TEvent> {
  return defineJob<TEvent>(StreamName.EVENTS, subject, EVENT_ENVELOPE_SHAPE as Shape<TEvent>);
}

/** What durable consumers of the EVENTS stream take from it. */
export const EventFeeds = {
  /** Every event of every send (the log). */
  all: eventFeed<EventEnvelope>('evt.>'),
  /**
   * Every step of every channel (`delivery.<channel>.<status>`): billing and event webhooks, which
   * read each with `knownEvent` (a newer producer's kind is passed over).
   */
  deliverySteps: eventFeed<EventEnvelope>('evt.delivery.>'),
  /** Every processed send, with the delivery steps it carries (billing meters in-app from it). */
  processedSends: eventFeed<EventEnvelope>(eventSubject(SEND_PROCESSED)),
} as const;
