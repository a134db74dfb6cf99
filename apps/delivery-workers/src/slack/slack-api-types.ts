import type { SlackMetadataDto } from '@clarion/contracts';

/** chat.postMessage arguments this service sets (api.slack.com/methods/chat.postMessage). */
export interface ChatPostMessageArgs {
  channel: string;
  text: string;
  blocks?: Record<string, unknown>[];
  username?: string;
  icon_emoji?: string;
  icon_url?: string;
  thread_ts?: string;
  reply_broadcast?: boolean;
  parse?: 'full' | 'none';
  link_names?: boolean;
  mrkdwn?: boolean;
  unfurl_links?: boolean;
  unfurl_media?: boolean;
  metadata?: SlackMetadataDto;
}

/** The message Slack stored: `channel` is the conversation id (a D… id for a user id). */
export interface PostedSlackMessage {
  channel: string;
  ts: string;
}

/** A conversations.list entry, reduced to what resolving and listing need. */
export interface SlackConversation {
  id: string;
  name: string;
  isPrivate: boolean;
}

/** A users.list member, reduced to what resolving `@username` needs. */
export interface SlackUser {
  id: string;
  name: string;
  displayName?: string;
  deleted: boolean;
}
