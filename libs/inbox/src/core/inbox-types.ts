/**
 * The shapes the gateway answers, copied from @clarion/contracts as plain types: the browser
 * bundle must not pull in the server's validation decorators.
 */

/** One entry of the user's inbox (GET /user/inapp items and `notification` stream frames). */
export interface InboxNotification {
  /** The trackingId of the send. */
  id: string;
  notificationId: string;
  subNotificationId?: string;
  seen: boolean;
  title: string;
  redirectURL?: string;
  imageURL?: string;
  parameters?: Record<string, unknown>;
  /** When it arrived (ISO 8601); the list is ordered by it, newest first. */
  date: string;
  opened?: string;
  clicked?: string;
  archived?: string;
  actioned1?: string;
  actioned2?: string;
  replies?: { date: string; message: string }[];
  expDate?: string;
  /** Present on a batching type's entry: how many sends it gathers and the latest of them. */
  batch?: { count: number; items: InboxBatchItem[] };
}

export interface InboxBatchItem {
  title: string;
  redirectURL?: string;
  imageURL?: string;
  parameters?: Record<string, unknown>;
  trackingId: string;
  createdAt: string;
}

/** The status fields PATCH /user/inapp sets (ISO 8601 times). */
export type InboxStatusField = 'opened' | 'clicked' | 'archived' | 'actioned1' | 'actioned2';

export type DeliveryOption = 'off' | 'instant' | 'hourly' | 'daily' | 'weekly' | 'monthly';

/** One (notification type, channel) choice of the user (GET/POST /user/preferences). */
export interface InboxPreference {
  notificationId: string;
  channel: string;
  delivery: DeliveryOption;
  subNotificationId?: string;
}

export interface InboxPreferences {
  preferences: InboxPreference[];
  subNotifications: { notificationId: string; subNotificationId: string; title?: string }[];
}

/** GET /users/account-metadata, for web push. */
export interface InboxAccountMetadata {
  logo: string;
  environmentVapidPublicKey: string;
  hasWebPushEnabled: boolean;
}

/** A browser push subscription as PushSubscription.toJSON() gives it. */
export interface WebPushSubscriptionJson {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Who the inbox is for and where the gateway is. */
export interface InboxCredentials {
  /** The gateway's base URL, e.g. https://api.example.com (no trailing slash needed). */
  apiUrl: string;
  /** The environment's clientId. */
  clientId: string;
  userId: string;
  /**
   * base64(HMAC-SHA256(clientSecret, userId)) computed by your server; required when the
   * environment has secureMode on, and for registering web push subscriptions.
   */
  hmac?: string;
}
