import { Routing } from '@clarion/contracts';
import {
  EMAIL_FAILED_BY_PIPELINE,
  eventOfSend,
  INAPP_STEPS,
  PROCESSED_EMAIL_FAILURE,
  processedInappSend,
  SEND,
} from '../test-peers/event-fixtures';
import { logFieldsOfEvent } from './log-fields-of-event';

describe(logFieldsOfEvent.name, () => {
  it('records what the pipeline decided, per channel, in the log field names', () => {
    const sut = logFieldsOfEvent(
      eventOfSend('send.processed', {
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
      ...SEND,
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
    const sut = logFieldsOfEvent(eventOfSend('send.processed', processedInappSend(INAPP_STEPS)));
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
      eventOfSend('delivery.inapp.delivered', {
        channel: 'inapp',
        status: 'delivered',
        at: '2026-11-21T10:00:00.050Z',
        after: 50,
      }),
    );
    expect(sut).toEqual({
      ...SEND,
      inapp_delivered_at: '2026-11-21T10:00:00.050Z',
      inapp_delivered_after: 50,
    });
  });

  it('records a failure the pipeline decided the same from its send.processed and from its failed step', () => {
    const processed = logFieldsOfEvent(eventOfSend('send.processed', PROCESSED_EMAIL_FAILURE));
    const failed = logFieldsOfEvent(eventOfSend('delivery.email.failed', EMAIL_FAILED_BY_PIPELINE));
    expect({ ...processed, ...failed }).toEqual(processed);
    expect({ ...failed, ...processed }).toEqual(processed);
    expect(processed).toMatchObject({
      email_failed_code: 'MISSING_EMAIL_RECIPIENT',
      email_failed_internal: 'the user has no email address',
      email_failed_at: '2026-11-21T10:00:00.010Z',
    });
  });

  it('adds the further fields of a step under its prefix', () => {
    const sut = logFieldsOfEvent(
      eventOfSend('delivery.sms.inbound', {
        channel: 'sms',
        status: 'inbound',
        at: '2026-11-21T10:00:01.000Z',
        fields: { from: '+15550100000', text: 'STOP' },
      }),
    );
    expect(sut).toEqual({
      ...SEND,
      sms_inbound_at: '2026-11-21T10:00:01.000Z',
      sms_inbound_from: '+15550100000',
      sms_inbound_text: 'STOP',
    });
  });

  it('says whose an unsubscribe is, for a record of its own when no send made it', () => {
    const sut = logFieldsOfEvent(
      eventOfSend('delivery.inapp.unsubscribe', {
        channel: 'inapp',
        status: 'unsubscribe',
        at: '2026-11-21T10:00:02.000Z',
        userId: 'ada',
        notificationId: 'welcome',
      }),
    );
    expect(sut).toEqual({
      ...SEND,
      user_id: 'ada',
      type: 'welcome',
      inapp_unsubscribe_at: '2026-11-21T10:00:02.000Z',
    });
  });

  it('records webhook results as <channel>_<status>_webhook_res (and _delivered for inbound)', () => {
    expect(
      logFieldsOfEvent(
        eventOfSend('webhook.result', {
          channel: 'email',
          status: 'opened',
          result: '200',
          delivered: true,
        }),
      ),
    ).toEqual({ ...SEND, email_opened_webhook_res: '200' });
    expect(
      logFieldsOfEvent(
        eventOfSend('webhook.result', {
          channel: 'sms',
          status: 'inbound',
          result: '503 (attempt 1, next in 5 s)',
          delivered: false,
        }),
      ),
    ).toEqual({
      ...SEND,
      sms_inbound_webhook_res: '503 (attempt 1, next in 5 s)',
      sms_inbound_webhook_delivered: false,
    });
  });

  it('keeps only the tenant fields of an event kind it does not know', () => {
    expect(logFieldsOfEvent(eventOfSend('something.new', { x: 1 }))).toEqual(SEND);
  });
});
