/**
 * @clarion/inbox-react: Clarion's in-app inbox for React. `<Inbox/>` is the whole inbox (the
 * `<clarion-inbox>` element), `useInbox()` the live state and actions for a custom one, and
 * `<Bell/>` its unread badge.
 */
export { Inbox, type InboxProps } from './inbox';
export { Bell, type BellProps } from './bell';
export { useInbox, type UseInboxResult } from './use-inbox';
export * from '@clarion/inbox';
