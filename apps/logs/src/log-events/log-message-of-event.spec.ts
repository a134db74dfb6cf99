import {
  EMAIL_FAILED_BY_PIPELINE,
  eventOfSend,
  INAPP_SENT,
  INAPP_STEPS,
  PROCESSED_EMAIL_FAILURE,
  processedInappSend,
  SEND,
} from '../test-peers/event-fixtures';
import { logEventsOf } from './log-message-of-event';

const processedAt = '2026-11-21T10:00:00.010Z';

describe(logEventsOf.name, () => {
  it('lists a processed send, then the in-app steps it carries, under the ids of their events', () => {
    const rows = logEventsOf(
      eventOfSend('send.processed', processedInappSend(INAPP_STEPS), processedAt),
    );
    expect(rows.map(({ eventId, eventType, at }) => [eventId, eventType, at])).toEqual([
      [`${SEND.trackingId}:send.processed`, 'SEND_PROCESSED', processedAt],
      [`${SEND.trackingId}:delivery.inapp.sent`, 'INAPP_WEB_SENT', '2026-11-21T10:00:00.011Z'],
      [
        `${SEND.trackingId}:delivery.inapp.delivered`,
        'INAPP_WEB_DELIVERED',
        '2026-11-21T10:00:00.014Z',
      ],
    ]);
  });

  it('lists the same step for a delivery event of its own as for a carried one', () => {
    const [own] = logEventsOf(eventOfSend('delivery.inapp.sent', INAPP_SENT));
    const [, carried] = logEventsOf(
      eventOfSend('send.processed', processedInappSend([INAPP_SENT]), processedAt),
    );
    expect(carried).toEqual(own);
  });

  it('lists a failure the pipeline decided once, as the step of its delivery.<channel>.failed', () => {
    const rows = [
      ...logEventsOf(eventOfSend('send.processed', PROCESSED_EMAIL_FAILURE, processedAt)),
      ...logEventsOf(eventOfSend('delivery.email.failed', EMAIL_FAILED_BY_PIPELINE, processedAt)),
    ];
    expect(rows.map(({ eventId, eventType, at }) => [eventId, eventType, at])).toEqual([
      [`${SEND.trackingId}:send.processed`, 'SEND_PROCESSED', processedAt],
      [`${SEND.trackingId}:delivery.email.failed`, 'EMAIL_FAILED', processedAt],
    ]);
  });

  it('lists nothing for a webhook result or a kind it does not know', () => {
    expect(logEventsOf(eventOfSend('webhook.result', {}))).toEqual([]);
    expect(logEventsOf(eventOfSend('send.processed.v2', {}))).toEqual([]);
  });
});
