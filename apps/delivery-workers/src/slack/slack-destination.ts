/** The forms of a user's `slackChannel` (spec 2.6). */
export type SlackDestination =
  /** A channel (C…), private channel (G…), DM (D…) or user (U…, W…) id: posted to as is. */
  | { kind: 'id'; id: string }
  /** `#name` or `name`, looked up in conversations.list. */
  | { kind: 'channel-name'; name: string }
  /** `@username`, looked up in users.list by name or display name. */
  | { kind: 'username'; name: string };

// Slack ids are upper-case letters and digits (C024BE91L); channel names are lower case.
const SLACK_ID = /^[CGDUW][A-Z0-9]{8,}$/;

export function parseSlackDestination(slackChannel: string): SlackDestination | undefined {
  const value = slackChannel.trim();
  if (value.startsWith('@')) return named('username', value.slice(1));
  if (value.startsWith('#')) return named('channel-name', value.slice(1));
  if (SLACK_ID.test(value)) return { kind: 'id', id: value };
  return named('channel-name', value);
}

function named(kind: 'channel-name' | 'username', name: string): SlackDestination | undefined {
  const trimmed = name.trim();
  return trimmed ? { kind, name: trimmed } : undefined;
}
