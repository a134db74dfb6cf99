import { InboxNotification } from '../core/inbox-types';

/** Escapes text for innerHTML: titles and replies are the sender's and the user's text. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/** "just now", "5 min", "3 h", then the date: an inbox reads at a glance. */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`;
  return new Date(iso).toLocaleDateString();
}

/**
 * Action labels of an entry: a send that wants buttons puts up to two labels in its parameters
 * as `actions: ["Accept", "Decline"]`; using one records actioned1 / actioned2.
 */
export function actionLabelsOf(entry: InboxNotification): string[] {
  const actions = entry.parameters?.['actions'];
  return Array.isArray(actions)
    ? actions.filter((label): label is string => typeof label === 'string').slice(0, 2)
    : [];
}

const safeUrl = (url: string | undefined): string | undefined =>
  url !== undefined && /^https?:\/\//i.test(url) ? url : undefined;

/** One entry as HTML; buttons carry data-action and the entry's id for one delegated listener. */
export function renderEntry(entry: InboxNotification, replying: boolean): string {
  const id = escapeHtml(entry.id);
  const image = safeUrl(entry.imageURL);
  const batch = entry.batch && entry.batch.count > 1 ? ` · ${entry.batch.count} updates` : '';
  const actions = actionLabelsOf(entry)
    .map((label, index) => {
      const done = index === 0 ? entry.actioned1 : entry.actioned2;
      return `<button data-action="action${index + 1}" data-id="${id}" class="${index === 0 ? 'primary' : ''}"
        ${done ? 'disabled' : ''}>${escapeHtml(label)}${done ? ' ✓' : ''}</button>`;
    })
    .join('');
  // A batch's entry carries the latest title; the ones before it show beneath, newest first.
  const earlier = (entry.batch?.items ?? [])
    .filter((item) => item.trackingId !== entry.batch?.items[0]?.trackingId)
    .slice(0, 3)
    .map((item) => `<li>${escapeHtml(item.title)}</li>`)
    .join('');
  const replies = (entry.replies ?? [])
    .map((reply) => `<li>${escapeHtml(reply.message)}</li>`)
    .join('');
  return `<div class="entry ${entry.seen ? '' : 'unread'}" data-entry="${id}">
    ${image ? `<img src="${escapeHtml(image)}" alt="">` : ''}
    <div class="body">
      <p class="title" data-action="open" data-id="${id}">${escapeHtml(entry.title)}</p>
      <div class="meta">${escapeHtml(timeAgo(entry.date))}${batch}</div>
      ${earlier ? `<ul class="batch">${earlier}</ul>` : ''}
      ${replies ? `<ul class="replies">${replies}</ul>` : ''}
      ${
        replying
          ? `<form class="reply-form" data-id="${id}"><input name="reply" placeholder="Reply…"
               aria-label="Reply"><button class="link" type="submit">Send</button></form>`
          : ''
      }
      <div class="actions">
        ${actions}
        ${entry.seen ? '' : `<button data-action="read" data-id="${id}">Mark as read</button>`}
        <button data-action="reply" data-id="${id}">Reply</button>
        <button data-action="archive" data-id="${id}">Archive</button>
      </div>
    </div>
    ${entry.seen ? '' : '<span class="dot" aria-label="unread"></span>'}
  </div>`;
}
