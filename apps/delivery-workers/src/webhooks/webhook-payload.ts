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
  /** Inbound email: the rest of the message, as the SDK's log model names it (`email_inbound_*`). */
  inbox?: string;
  fromName?: string;
  cc?: string;
  replyTo?: string;
  bodyText?: string;
  bodyHtml?: string;
  attachments?: InboundAttachment[];
  messageId?: string;
  inReplyTo?: string;
  references?: string;
  /** `reply` (threaded to the send it answers), `builtin` or `custom` (the kind of inbox). */
  resolutionType?: string;
}

/** What an inbound email's attachment is; its bytes are not carried. */
export interface InboundAttachment {
  filename: string | null;
  contentType: string;
  size: number;
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
    case 'inbound': {
      const inbound: WebhookPayload = {
        ...payload,
        from: text(fields['from']),
        to: text(fields['to']),
        text: text(fields['text'] ?? fields['body_text']),
        subject: text(fields['subject']),
        media: mediaOf(fields['media']),
      };
      return data.channel === 'email' ? { ...inbound, ...inboundEmailOf(fields) } : inbound;
    }
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

function inboundEmailOf(fields: Record<string, DeliveryFieldValue>): Partial<WebhookPayload> {
  return {
    inbox: text(fields['inbox']),
    fromName: text(fields['from_name']),
    cc: text(fields['cc']),
    replyTo: text(fields['reply_to']),
    bodyText: text(fields['body_text']),
    bodyHtml: text(fields['body_html']),
    attachments: attachmentsOf(fields['attachments']),
    messageId: text(fields['message_id']),
    inReplyTo: text(fields['in_reply_to']),
    references: text(fields['references']),
    resolutionType: text(fields['resolution_type']),
  };
}

/** Inbound attachments travel as JSON in their field (`email_inbound_attachments`). */
function attachmentsOf(value: DeliveryFieldValue | undefined): InboundAttachment[] {
  if (typeof value !== 'string') return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? (parsed as InboundAttachment[]) : [];
  } catch {
    return [];
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
