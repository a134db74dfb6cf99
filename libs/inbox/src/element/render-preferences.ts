import { InboxPreference } from '../core/inbox-types';
import { escapeHtml } from './render-entries';

const CHANNEL_NAMES: Record<string, string> = {
  EMAIL: 'Email',
  INAPP_WEB: 'In-app',
  SMS: 'SMS',
  CALL: 'Call',
  VOICE: 'Voice',
  PUSH: 'Mobile push',
  WEB_PUSH: 'Browser push',
  SLACK: 'Slack',
};

/** A key naming one preference in the markup, read back when its switch changes. */
export function preferenceKey(preference: InboxPreference): string {
  return JSON.stringify([
    preference.notificationId,
    preference.channel,
    preference.subNotificationId ?? null,
  ]);
}

/**
 * The preference center: one switch per (notification type, channel) the user has; turning one
 * off stores delivery `off`, on stores `instant` (digest choices show as on and are kept until
 * the switch is used).
 */
export function renderPreferences(choices: InboxPreference[] | undefined): string {
  if (!choices) return '<div class="empty">Loading preferences…</div>';
  if (choices.length === 0)
    return '<div class="empty">No notification types to choose from yet.</div>';
  const rows = choices
    .map((preference) => {
      const name = [preference.notificationId, preference.subNotificationId]
        .filter(Boolean)
        .join(' › ');
      const channel = CHANNEL_NAMES[preference.channel] ?? preference.channel;
      const key = escapeHtml(preferenceKey(preference));
      return `<tr><td>${escapeHtml(name)}</td><td class="meta">${escapeHtml(channel)}</td>
        <td><input type="checkbox" data-preference="${key}" aria-label="${escapeHtml(`${name} ${channel}`)}"
          ${preference.delivery === 'off' ? '' : 'checked'}></td></tr>`;
    })
    .join('');
  return `<table>${rows}</table>`;
}
