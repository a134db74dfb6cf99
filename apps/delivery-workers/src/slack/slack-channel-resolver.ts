import { ExpiringCache } from '@clarion/runtime';
import type { SlackClient } from './slack-client';
import { parseSlackDestination } from './slack-destination';

/** The listings a name lookup reads (SlackClient). */
export type SlackDirectory = Pick<SlackClient, 'listConversations' | 'listUsers'>;

/** Ids by lower-cased name: channels by name, users by name and display name. */
type IdsByName = Map<string, string>;

const LOOKUP_TTL_MS = 5 * 60 * 1000;
const MAX_CACHED_TOKENS = 1000;

/** A failed listing (rate limit, bad token) is not kept: the next send tries again. */
function lookupCache(): ExpiringCache<IdsByName> {
  return new ExpiringCache<IdsByName>(LOOKUP_TTL_MS, 0, () => false, MAX_CACHED_TOKENS);
}

/**
 * Turns a user's `slackChannel` into the id chat.postMessage takes. Name lookups list the
 * workspace, so their results are kept per token for five minutes: a channel created or renamed
 * since then is found on the next lookup after that.
 */
export class SlackChannelResolver {
  private readonly channels = lookupCache();
  private readonly users = lookupCache();

  constructor(private readonly directory: SlackDirectory) {}

  /** The channel or user id to post to; undefined when no channel or user has that name. */
  async resolve(token: string, slackChannel: string): Promise<string | undefined> {
    const destination = parseSlackDestination(slackChannel);
    switch (destination?.kind) {
      case undefined:
        return undefined;
      case 'id':
        return destination.id;
      case 'channel-name': {
        const ids = await this.channels.get(token, () => this.channelIds(token));
        return ids.get(destination.name.toLowerCase());
      }
      case 'username': {
        const ids = await this.users.get(token, () => this.userIds(token));
        return ids.get(destination.name.toLowerCase());
      }
    }
  }

  private async channelIds(token: string): Promise<IdsByName> {
    const channels = await this.directory.listConversations(token);
    return new Map(channels.map((channel) => [channel.name.toLowerCase(), channel.id]));
  }

  /** A handle (`name`) wins over a display name, which several members may share. */
  private async userIds(token: string): Promise<IdsByName> {
    const members = (await this.directory.listUsers(token)).filter((member) => !member.deleted);
    const ids: IdsByName = new Map();
    for (const member of members) {
      const displayName = member.displayName?.toLowerCase();
      if (displayName && !ids.has(displayName)) ids.set(displayName, member.id);
    }
    for (const member of members) ids.set(member.name.toLowerCase(), member.id);
    return ids;
  }
}
