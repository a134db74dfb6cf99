import {
  InboxAccountMetadata,
  InboxCredentials,
  InboxNotification,
  InboxPreference,
  InboxPreferences,
  InboxStatusField,
  WebPushSubscriptionJson,
} from './inbox-types';

/** The gateway's error object (every 4xx/5xx answer), kept whole so a page can show `fix`. */
export class InboxApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { message?: string; fix?: string } | undefined,
  ) {
    super(body?.message ?? `The gateway answered ${status}`);
    this.name = 'InboxApiError';
  }
}

/**
 * The end-user REST calls of the gateway, authenticated with Basic base64(clientId:userId:hmac)
 * exactly as the hosted service's browser SDK does, so the same credentials work for both.
 */
export class InboxApi {
  private readonly baseUrl: string;
  private readonly authorization: string;

  constructor(private readonly credentials: InboxCredentials) {
    this.baseUrl = credentials.apiUrl.replace(/\/+$/, '');
    const { clientId, userId, hmac = '' } = credentials;
    this.authorization = `Basic ${base64Utf8(`${clientId}:${userId}:${hmac}`)}`;
  }

  /** A page of the inbox, newest first; `before` is the `date` of the oldest entry shown. */
  async list(count: number, before?: string): Promise<InboxNotification[]> {
    const query = new URLSearchParams({ count: String(count) });
    if (before !== undefined) query.set('before', before);
    const answer = await this.call<{ notifications: InboxNotification[] }>(
      'GET',
      `/user/inapp?${query.toString()}`,
    );
    return answer.notifications;
  }

  async unreadCount(): Promise<number> {
    return (await this.call<{ count: number }>('GET', '/user/inapp/unread')).count;
  }

  /** Marks one entry (trackingId), one type (notificationId) or, with neither, all as seen. */
  async markSeen(target: { trackingId?: string; notificationId?: string } = {}): Promise<void> {
    await this.call('PATCH', '/user/inapp/unread', target);
  }

  async setStatus(trackingIds: string[], field: InboxStatusField, at = new Date()): Promise<void> {
    await this.call('PATCH', '/user/inapp', { trackingIds, [field]: at.toISOString() });
  }

  async reply(trackingId: string, message: string, at = new Date()): Promise<void> {
    await this.call('PATCH', '/user/inapp', {
      trackingIds: [trackingId],
      reply: { date: at.toISOString(), message },
    });
  }

  getPreferences(): Promise<InboxPreferences> {
    return this.call<InboxPreferences>('GET', '/user/preferences');
  }

  setPreferences(preferences: InboxPreference[]): Promise<InboxPreferences> {
    return this.call<InboxPreferences>('POST', '/user/preferences', { preferences });
  }

  /** A token of 60 seconds for opening the stream: EventSource cannot send headers. */
  streamToken(): Promise<{ token: string; expiresAt: string }> {
    return this.call('POST', '/user/inapp/stream-token');
  }

  streamUrl(token: string, since?: string): string {
    const query = new URLSearchParams({ token });
    if (since !== undefined) query.set('since', since);
    return `${this.baseUrl}/user/inapp/stream?${query.toString()}`;
  }

  async accountMetadata(): Promise<InboxAccountMetadata> {
    const answer = await this.call<{ userAccountMetadata: InboxAccountMetadata }>(
      'GET',
      '/users/account-metadata',
    );
    return answer.userAccountMetadata;
  }

  /**
   * Saves the browser's push subscription as the user's web push token, through the hosted
   * service's end-user route (it always needs the hmac: it writes where the user's pushes go).
   */
  async registerWebPush(subscription: WebPushSubscriptionJson): Promise<void> {
    const { clientId, userId } = this.credentials;
    const path = `/${encodeURIComponent(clientId)}/users/${encodeURIComponent(userId)}`;
    await this.call('POST', path, { webPushTokens: [{ sub: subscription }] });
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { authorization: this.authorization };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const parsed: unknown = text ? JSON.parse(text) : undefined;
    if (!response.ok) throw new InboxApiError(response.status, parsed as InboxApiError['body']);
    return parsed as T;
  }
}

/** btoa of UTF-8 text: user ids may hold any character, btoa alone takes Latin-1 only. */
function base64Utf8(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  bytes.forEach((byte) => (binary += String.fromCharCode(byte)));
  return btoa(binary);
}
