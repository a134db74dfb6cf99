/** A value of a log record field (records.md, LogsGetResponseLogsInner). */
export type LogFieldValue = string | number | boolean;

/** The provider took the message. */
export interface SentOutcome {
  status: 'sent';
  /** The provider's id of the message (SMTP Message-ID, Twilio SID, FCM name, apns-id, Slack ts). */
  providerMessageId?: string;
  /**
   * Extra log fields of the sent step, by suffix: `{ from: '+1555…' }` becomes `sms_sent_from`.
   */
  fields?: Record<string, LogFieldValue>;
  /** True when the provider's answer already confirms delivery (FCM, APNs, Slack, web push). */
  delivered?: boolean;
  /** Extra log fields of the delivered step, by suffix (`internal`, `token`, ...). */
  deliveredFields?: Record<string, LogFieldValue>;
  /** Kept on the attempt record (what a sandbox recorded, what a later callback needs). */
  details?: Record<string, unknown>;
}

/** A transient failure (timeout, connection error, 5xx, 429): try again later. */
export interface RetryOutcome {
  status: 'retry';
  reason: string;
  /** The provider's Retry-After, in milliseconds, when it gave one. */
  retryAfterMs?: number;
}

/** A permanent failure: never retried. */
export interface FailedOutcome {
  status: 'failed';
  /** A records.md failed-code value of the channel (e.g. `21211`, `INVALID_FCM_TOKEN`). */
  code: string;
  /** What the provider said, for `<channel>_failed_internal`. */
  reason: string;
  /** The address (push token, web push subscription) is dead and should be removed from the user. */
  addressGone?: boolean;
}

/** What a provider adapter reports for one message to one address. */
export type ProviderOutcome = SentOutcome | RetryOutcome | FailedOutcome;

/** Facts about the attempt an adapter may use. */
export interface AttemptContext {
  /**
   * Stable for every attempt of the same message to the same address (trackingId, channel,
   * address): pass it to the provider where it offers idempotency (Message-ID, apns-id, Topic).
   */
  idempotencyKey: string;
  /** 1 on the first attempt. */
  attempt: number;
}
