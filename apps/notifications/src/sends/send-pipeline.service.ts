import { Injectable } from '@nestjs/common';
import {
  Channel,
  CHANNEL_LOG_NAMES,
  ChannelDecision,
  ChannelLogName,
  EventEnvelope,
  InboxEntry,
  Jobs,
  normalizeSend,
  NormalizedSend,
  Routing,
  RoutingReason,
  SEND_PROCESSED,
  SendCommand,
  SendInappContentDto,
  SendProcessedData,
} from '@clarion/contracts';
import { JobItem, MessagingClient } from '@clarion/messaging';
import { EnvironmentSettingsCache } from '../environments/environment-settings.cache';
import { keyOf, NotificationTypeCache } from '../notification-types/notification-type.cache';
import { NotificationTypeEntity } from '../notification-types/notification-type.entity';
import { UsersRepository } from '../users/users.repository';
import {
  channelsOfContent,
  contentOf,
  missingContentDecision,
  resolveChannels,
} from './channel-resolution';
import { renderTemplate } from './render-template';

interface AcceptedSend {
  item: JobItem<SendCommand>;
  command: SendCommand;
  send: NormalizedSend;
}

/**
 * Turns accepted sends into delivery jobs: upserts the recipients, resolves (or creates) the
 * notification types, picks and renders the channels, and records the decision as an event.
 * Works on a whole batch so that database writes are one statement per batch.
 */
@Injectable()
export class SendPipeline {
  constructor(
    private readonly users: UsersRepository,
    private readonly types: NotificationTypeCache,
    private readonly environments: EnvironmentSettingsCache,
    private readonly messaging: MessagingClient,
  ) {}

  async process(items: JobItem<SendCommand>[]): Promise<void> {
    const sends = items.map((item) => ({
      item,
      command: item.payload,
      send: normalizeSend(item.payload.body),
    }));
    await this.users.upsertMany(
      sends.map(({ command, send }) => {
        const { id, ...fields } = send.to;
        return {
          accountId: command.accountId,
          envId: command.envId,
          id,
          fields,
          touchLastSeen: false,
        };
      }),
    );
    const types = await this.types.ensure(
      sends.map(({ command, send }) => ({
        accountId: command.accountId,
        envId: command.envId,
        notificationId: send.type,
        channels: channelsOfContent(send),
      })),
    );
    const settings = await this.environments.ofEnvironments(
      sends.map(({ command }) => command.envId),
    );
    const processedAt = new Date().toISOString();
    await Promise.all(
      sends.map((accepted) => {
        const type = types.get(
          keyOf({ envId: accepted.command.envId, notificationId: accepted.send.type }),
        );
        const disabled = settings.get(accepted.command.envId)?.disableSending ?? [];
        return this.route(accepted, type, disabled, processedAt).catch((error: unknown) =>
          accepted.item.retry(error),
        );
      }),
    );
  }

  private async route(
    accepted: AcceptedSend,
    type: NotificationTypeEntity | undefined,
    disabledChannels: Channel[],
    processedAt: string,
  ): Promise<void> {
    if (!type) throw new Error(`notification type ${accepted.send.type} could not be stored`);
    const { item, command, send } = accepted;
    const decisions: Partial<Record<ChannelLogName, ChannelDecision>> = {};
    const jobs: Promise<unknown>[] = [];
    for (const channel of resolveChannels(send, type.channels)) {
      if (disabledChannels.includes(channel)) {
        decisions[CHANNEL_LOG_NAMES[channel]] = {
          routing: Routing.IGNORE,
          reason: RoutingReason.IGNORE_BY_ENVIRONMENT,
        };
      } else if (channel === Channel.INAPP_WEB && send.inapp) {
        const entry = inboxEntryOf(command, send, send.inapp);
        decisions.inapp = { routing: Routing.SEND, preview: entry.title };
        jobs.push(
          this.messaging.publishJob(Jobs.inappDelivery, entry, {
            msgId: `${command.trackingId}:inapp`,
            traceContext: item.traceContext,
          }),
        );
      } else {
        decisions[CHANNEL_LOG_NAMES[channel]] =
          contentOf(send, channel) !== undefined
            ? {
                routing: Routing.SEND,
                failedCode: 'UNKNOWN',
                internal: `delivery over ${channel} is not available yet`,
              }
            : missingContentDecision();
      }
    }
    jobs.push(
      this.messaging.publishEvent(
        processedEvent(command, send, decisions, processedAt),
        item.traceContext,
      ),
    );
    await Promise.all(jobs);
  }
}

function inboxEntryOf(
  command: SendCommand,
  send: NormalizedSend,
  content: SendInappContentDto,
): InboxEntry {
  const render = (text: string | undefined) =>
    text === undefined ? undefined : renderTemplate(text, send.parameters);
  return {
    trackingId: command.trackingId,
    accountId: command.accountId,
    envId: command.envId,
    userId: send.to.id,
    notificationId: send.type,
    subNotificationId: send.subNotificationId,
    title: renderTemplate(content.title, send.parameters),
    redirectURL: render(content.url),
    imageURL: render(content.image),
    parameters: send.parameters,
    receivedAt: command.receivedAt,
  };
}

function processedEvent(
  command: SendCommand,
  send: NormalizedSend,
  channels: Partial<Record<ChannelLogName, ChannelDecision>>,
  processedAt: string,
): EventEnvelope<SendProcessedData> {
  return {
    id: `${command.trackingId}:processed`,
    kind: SEND_PROCESSED,
    trackingId: command.trackingId,
    accountId: command.accountId,
    envId: command.envId,
    occurredAt: processedAt,
    data: {
      type: send.type,
      receivedAt: command.receivedAt,
      processedAt,
      ...command.origin,
      request: JSON.stringify(command.body),
      user: { id: send.to.id, email: send.to.email, number: send.to.number },
      channels,
      ignored: allIgnored(channels) ? 'ALL_CHANNELS_IGNORED' : undefined,
    },
  };
}

function allIgnored(channels: Partial<Record<ChannelLogName, ChannelDecision>>): boolean {
  const decisions = Object.values(channels);
  return decisions.length > 0 && decisions.every((decision) => decision.routing === Routing.IGNORE);
}
