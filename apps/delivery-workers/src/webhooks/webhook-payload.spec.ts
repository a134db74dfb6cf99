import { DeliveryEvent, DeliveryEventData, webhookEventTypeOf } from '@clarion/contracts';
import { webhookPayloadOf } from './webhook-payload';

const AT = '2024-05-01T12:00:00.000Z';

function eventOf(data: Omit<DeliveryEventData, 'at'>): DeliveryEvent {
  return {
    id: `0190-track:delivery.${data.channel}.${data.status}`,
    kind: `delivery.${data.channel}.${data.status}`,
    trackingId: '0190-track',
    accountId: '0190-account',
    envId: '0190-env',
    occurredAt: '2024-05-01T12:00:01.000Z',
    data: { at: AT, userId: 'user-1', notificationId: 'welcome', ...data },
  };
}

function payloadOf(data: Omit<DeliveryEventData, 'at'>) {
  const eventType = webhookEventTypeOf(data.channel, data.status);
  if (!eventType) throw new Error(`${data.channel} ${data.status} has no event type`);
  return webhookPayloadOf(eventOf(data), eventType, 'webhook-1');
}

describe(webhookPayloadOf.name, () => {
  const common = {
    webhookId: 'webhook-1',
    trackingId: '0190-track',
    userId: 'user-1',
    notificationId: 'welcome',
    timestamp: AT,
  };

  it('names a failure with its code, not the internal reason', () => {
    const payload = payloadOf({
      channel: 'sms',
      status: 'failed',
      failedCode: '30005',
      internal: 'Twilio reported the message undelivered',
    });

    expect(payload).toEqual({
      ...common,
      eventType: 'SMS_FAILED',
      channel: 'sms',
      failureCode: '30005',
    });
  });

  it('gives a click its link and leaves out the visitor', () => {
    const payload = payloadOf({
      channel: 'email',
      status: 'clicked',
      fields: { link: 'https://example.com/offer', ip: '203.0.113.9', user_agent: 'Mail' },
    });

    expect(payload).toEqual({
      ...common,
      eventType: 'EMAIL_CLICK',
      channel: 'email',
      clickedLink: 'https://example.com/offer',
    });
  });

  it('carries an inbound text with its media as a list', () => {
    const payload = payloadOf({
      channel: 'sms',
      status: 'inbound',
      fields: {
        from: '+15550001111',
        to: '+15550001000',
        text: 'see attached',
        media: 'https://media.test/1.jpg,https://media.test/2.jpg',
      },
    });

    expect(JSON.parse(JSON.stringify(payload))).toEqual({
      ...common,
      eventType: 'SMS_INBOUND',
      channel: 'sms',
      from: '+15550001111',
      to: '+15550001000',
      text: 'see attached',
      media: ['https://media.test/1.jpg', 'https://media.test/2.jpg'],
    });
  });

  it('carries an inbound email as the log model names it, attachments as a list', () => {
    const payload = payloadOf({
      channel: 'email',
      status: 'inbound',
      fields: {
        inbox: 'support@inbox.test',
        from: 'ada@example.org',
        from_name: 'Ada',
        to: 'support@inbox.test',
        subject: 'Re: Hello',
        body_text: 'Thanks',
        body_html: '',
        has_attachments: true,
        attachment_count: 1,
        attachments: '[{"filename":"a.pdf","contentType":"application/pdf","size":3}]',
        message_id: '<r1@example.org>',
        in_reply_to: '<m1@shop.test>',
        references: '<m1@shop.test>',
        resolution_type: 'reply',
      },
    });

    expect(JSON.parse(JSON.stringify(payload))).toEqual({
      ...common,
      eventType: 'EMAIL_INBOUND',
      channel: 'email',
      inbox: 'support@inbox.test',
      from: 'ada@example.org',
      fromName: 'Ada',
      to: 'support@inbox.test',
      subject: 'Re: Hello',
      text: 'Thanks',
      bodyText: 'Thanks',
      bodyHtml: '',
      attachments: [{ filename: 'a.pdf', contentType: 'application/pdf', size: 3 }],
      messageId: '<r1@example.org>',
      inReplyTo: '<m1@shop.test>',
      references: '<m1@shop.test>',
      resolutionType: 'reply',
    });
  });

  it('says who unsubscribed with which keyword', () => {
    const payload = payloadOf({
      channel: 'sms',
      status: 'unsubscribe',
      fields: { from: '+15550001111', keyword: 'STOP' },
    });

    expect(payload).toMatchObject({
      eventType: 'SMS_UNSUBSCRIBE',
      from: '+15550001111',
      keyword: 'STOP',
    });
  });

  it.each([
    ['email', 'opened', 'EMAIL_OPEN'],
    ['email', 'delivered', 'EMAIL_DELIVERED'],
    ['mobile_push', 'failed', 'PUSH_FAILED'],
    ['inapp', 'failed', 'INAPP_WEB_FAILED'],
    ['web_push', 'unsubscribe', 'WEB_PUSH_UNSUBSCRIBE'],
  ] as const)('maps %s %s to %s with the channel log name', (channel, status, eventType) => {
    expect(payloadOf({ channel, status })).toMatchObject({ eventType, channel });
  });

  it('omits what the step does not know', () => {
    const event = eventOf({ channel: 'email', status: 'opened' });
    const { userId: _user, notificationId: _type, ...data } = event.data;
    const payload = webhookPayloadOf({ ...event, data }, 'EMAIL_OPEN', 'webhook-1');

    expect(Object.keys(JSON.parse(JSON.stringify(payload))).sort()).toEqual(
      ['channel', 'eventType', 'timestamp', 'trackingId', 'webhookId'].sort(),
    );
  });
});
