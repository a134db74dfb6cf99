import {
  ChannelLogName,
  DeliveryEvent,
  DeliveryFieldValue,
  WebhookEventType,
} from '@clarion/contracts';

/** The JSON body an events webhook receives for one delivery step. */
export interface WebhookPayload {
  webhookId: string;
  eventType: WebhookEventType;
  /** The channel's log name (`email`, `sms`, `mobile_push`, …). */
  channel: ChannelLogName;
  trackingId: string;
  userId?: string;
  notificationId?: string;
  /** When the step happened (ISO 8601). */
  timestamp: string;
  /** Failures: the code of records.md (`<channel>_failed_code`). */
  failureCode?: string;
  /** Clicks: the link the recipient followed. */
  clickedLink?: string;
  /** Inbound messages, and who (un)subscribed with a keyword. */
  from?: string;
  to?: string;
  text?: string;
  subject?: string;
  media?: string[];
  keyword?: string;
}

/** What a customer learns of a step: its identity, and the fields of its kind. */
export function webhookPayloadOf(
  event: DeliveryEvent,
  eventType: WebhookEventType,
  webhookId: string,
): WebhookPayload {
  const { data } = event;
  const fields = data.fields ?? {};
  const payload: WebhookPayload = {
    webhookId,
    eventType,
    channel: data.channel,
    trackingId: event.trackingId,
    userId: data.userId,
    notificationId: data.notificationId,
    timestamp: data.at,
  };
  switch (data.status) {
    case 'failed':
      return { ...payload, failureCode: data.failedCode };
    case 'clicked':
      return { ...payload, clickedLink: text(fields['link']) };
    case 'inbound':
      return {
        ...payload,
        from: text(fields['from']),
        to: text(fields['to']),
        text: text(fields['text'] ?? fields['body_text']),
        subject: text(fields['subject']),
        media: mediaOf(fields['media']),
      };
    case 'unsubscribe':
    case 'subscribe':
      return { ...payload, from: text(fields['from']), keyword: text(fields['keyword']) };
    case 'sent':
    case 'delivered':
    case 'opened':
    case 'replied':
      return payload;
  }
}

function text(value: DeliveryFieldValue | undefined): string | undefined {
  return value === undefined ? undefined : String(value);
}

/** Inbound media URLs travel comma-joined in the log field (`sms_inbound_media`). */
function mediaOf(value: DeliveryFieldValue | undefined): string[] | undefined {
  if (value === undefined || value === '') return undefined;
  return String(value)
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
}
