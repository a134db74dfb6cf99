import { InboxNotification, InboxPreference, InboxPreferences } from './inbox-types';

/**
 * What a preference center offers. GET /user/preferences answers only the choices the user has
 * stored, and an end user cannot list the environment's notification types, so the types seen
 * in the inbox are offered too (on the given channels), as on until the user turns them off.
 */
export function preferenceChoices(
  stored: InboxPreferences | undefined,
  notifications: InboxNotification[],
  channels: string[],
): InboxPreference[] {
  const choices = new Map<string, InboxPreference>();
  const keyOf = (p: Pick<InboxPreference, 'notificationId' | 'channel' | 'subNotificationId'>) =>
    `${p.notificationId}\u0000${p.channel}\u0000${p.subNotificationId ?? ''}`;
  for (const entry of notifications)
    for (const channel of channels) {
      const choice: InboxPreference = {
        notificationId: entry.notificationId,
        channel,
        delivery: 'instant',
      };
      choices.set(keyOf(choice), choice);
    }
  for (const preference of stored?.preferences ?? []) choices.set(keyOf(preference), preference);
  return [...choices.values()].sort(
    (a, b) =>
      a.notificationId.localeCompare(b.notificationId) ||
      (a.subNotificationId ?? '').localeCompare(b.subNotificationId ?? '') ||
      a.channel.localeCompare(b.channel),
  );
}
