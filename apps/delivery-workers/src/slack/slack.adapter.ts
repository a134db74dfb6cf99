import type { SlackDeliveryJob } from '@clarion/contracts';
import type { GuardedFetch } from '@clarion/outbound';
import type { AttemptContext, ProviderOutcome } from '../delivery/provider-outcome';
import { SlackChannelResolver } from './slack-channel-resolver';
import { SlackClient } from './slack-client';
import { SlackApiError } from './slack-errors';
import type { SlackApp, SlackConfig } from './slack-config';
import { chatPostMessageArgsOf } from './slack-message';
import { slackFailed, slackOutcomeOfError } from './slack-outcome';
import { slackBotTokenOf } from './slack-token';

/** A channel a user may pick as their `slackChannel`. */
export interface SlackChannelOption {
  id: string;
  name: string;
  isPrivate: boolean;
}

/** Posts a send's Slack message with the recipient's stored bot token (chat.postMessage). */
export class SlackAdapter {
  private readonly client: SlackClient;
  private readonly resolver: SlackChannelResolver;

  constructor(config: SlackConfig, fetch: GuardedFetch) {
    this.client = new SlackClient(config, fetch);
    this.resolver = new SlackChannelResolver(this.client);
  }

  // Slack has no idempotency key for chat.postMessage, so the attempt context goes unused.
  async send(job: SlackDeliveryJob, _ctx: AttemptContext): Promise<ProviderOutcome> {
    const token = slackBotTokenOf(job.recipient.slackToken);
    const slackChannel = job.recipient.slackChannel?.trim();
    if (!token) return slackFailed('NO_ADDRESS', 'the recipient has no Slack token');
    if (!slackChannel) return slackFailed('NO_ADDRESS', 'the recipient has no Slack channel');
    try {
      const channel = await this.resolver.resolve(token, slackChannel);
      if (!channel) {
        return slackFailed('CHANNEL_NOT_FOUND', `no channel or user named ${slackChannel}`);
      }
      const posted = await this.client.postMessage(
        token,
        chatPostMessageArgsOf(channel, job.content),
      );
      return {
        status: 'sent',
        providerMessageId: posted.ts,
        delivered: true,
        deliveredFields: { internal: `${posted.channel}:${posted.ts}` },
      };
    } catch (error) {
      return slackOutcomeOfError(error);
    }
  }

  /**
   * The token Slack gives for an "Add to Slack" code (its whole `oauth.v2.access` answer, which
   * is what a user's slackToken holds); throws SlackApiError or SlackUnavailableError.
   */
  exchangeCode(app: SlackApp, code: string, redirectUri: string): Promise<Record<string, unknown>> {
    return this.client.exchangeCode(app, code, redirectUri);
  }

  /** The channels the bot can see in the token's workspace; throws SlackApiError or SlackUnavailableError. */
  async listChannels(slackToken: Record<string, unknown>): Promise<SlackChannelOption[]> {
    const token = slackBotTokenOf(slackToken);
    if (!token) throw new SlackApiError('not_authed');
    return this.client.listConversations(token);
  }
}
