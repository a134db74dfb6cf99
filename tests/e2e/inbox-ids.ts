import { ApiClient } from './api-client';

type Inbox = { notifications: { id: string }[] };

/**
 * The ids (trackingIds) in the in-app inboxes of `userIds`, read as each end user; none while
 * any inbox cannot be read (the system is still recovering).
 */
export async function inboxIdsOf(
  baseUrl: string,
  clientId: string,
  userIds: readonly string[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const userId of userIds) {
    const user = ApiClient.asEndUser(baseUrl, clientId, userId);
    const { status, body } = await user.call<Inbox>('GET', '/user/inapp?count=100');
    if (status !== 200) return [];
    ids.push(...body.notifications.map((notification) => notification.id));
  }
  return ids;
}
