import { Injectable } from '@nestjs/common';
import {
  Channel,
  ChannelDecision,
  CHANNEL_LOG_NAMES,
  ChannelLogName,
  channelsOfContent,
  DIGEST_OPTIONS,
  normalizeSend,
  Routing,
  SendCommand,
} from '@clarion/contracts';
import { JobItem } from '@clarion/messaging';
import { inboxBatchingOf } from '../inbox/inbox-batching';
import { EnvironmentSettingsCache } from '../environments/environment-settings.cache';
import { keyOf, NotificationTypeCache } from '../notification-types/notification-type.cache';
import { PreferencesOfBatch, PreferencesRepository } from '../preferences/preferences.repository';
import { SubNotificationsRepository } from '../sub-notifications/sub-notifications.repository';
import { UsersRepository } from '../users/users.repository';
import { renderChannelContent } from './channel-content';
import { decideDelivery, resolveChannels } from './channel-resolution';
import { channelConditionHolds, conditionHolds } from './send-condition';
import { DeliveryPublisher } from './delivery-publisher';
import { recipientScope } from './recipient-scope';
import { SendLimits } from './send-limits';
import { SendPlan } from './send-plan';
import { undeliverable } from './recipient-checks';

/**
 * Turns accepted sends into delivery jobs: upserts the recipients, resolves (or creates) the
 * notification types, decides each channel (type options, preferences, environment,
 * suppressions), renders the content, applies deduplication and throttling, and records every
 * decision as an event. Works on a whole batch so that each database read or write is one
 * statement per batch.
 */
@Injectable()
export class SendPipeline {
  constructor(
    private readonly users: UsersRepository,
    private readonly types: NotificationTypeCache,
    private readonly preferences: PreferencesRepository,
    private readonly environments: EnvironmentSettingsCache,
    private readonly limits: SendLimits,
    private readonly publisher: DeliveryPublisher,
    private readonly subNotifications: SubNotificationsRepository,
  ) {}

  async process(items: JobItem<SendCommand>[]): Promise<void> {
    const sends = items.map((item) => ({
      item,
      command: item.payload,
      send: normalizeSend(item.payload.body),
    }));
    const recipients = await this.users.upsertMany(
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
    const recipientsByKey = new Map(recipients.map((r) => [`${r.envId}\u0000${r.id}`, r]));
    const [types, settings, preferences] = await Promise.all([
      this.types.ensure(
        sends.map(({ command, send }) => ({
          accountId: command.accountId,
          envId: command.envId,
          notificationId: send.type,
          channels: channelsOfContent(send),
        })),
      ),
      this.environments.ofEnvironments(sends.map(({ command }) => command.envId)),
      this.preferences.ofSends(
        sends.map(({ command, send }) => ({
          envId: command.envId,
          userId: send.to.id,
          notificationId: send.type,
        })),
      ),
      this.subNotifications.ensureMany(
        sends.flatMap(({ command, send }) =>
          send.subNotificationId === undefined
            ? []
            : [
                {
                  accountId: command.accountId,
                  envId: command.envId,
                  notificationId: send.type,
                  subNotificationId: send.subNotificationId,
                },
              ],
        ),
      ),
    ]);
    const plans: SendPlan[] = [];
    for (const accepted of sends) {
      const { envId } = accepted.command;
      const resolved = types.get(keyOf({ envId, notificationId: accepted.send.type }));
      const recipient = recipientsByKey.get(`${envId}\u0000${accepted.send.to.id}`);
      if (!resolved || !recipient) {
        accepted.item.retry(new Error(`type or user of ${accepted.command.trackingId} not stored`));
        continue;
      }
      const plan: SendPlan = { ...accepted, resolved, recipient, decisions: {}, deliverable: [] };
      decideChannels(plan, preferences, settings.get(envId)?.disableSending ?? []);
      plans.push(plan);
    }
    await this.limits.apply(plans);
    await this.publisher.publish(plans);
  }
}

/** Fills in the decision of every channel of a send, and what can be delivered. */
function decideChannels(
  plan: SendPlan,
  preferences: PreferencesOfBatch,
  disabledChannels: SendPlan['resolved']['type']['channels'],
): void {
  const { send, resolved, recipient } = plan;
  if (!resolved.type.enabled) {
    plan.ignored = 'DISABLED_NOTIFICATION';
    return;
  }
  const condition = conditionHolds(send, recipient);
  if (condition !== true) {
    plan.ignored = 'ALL_CHANNELS_IGNORED';
    plan.ignoredReason = condition === false ? 'options.condition is false' : condition;
    return;
  }
  const scope = recipientScope(send, recipient);
  let ignoredByCondition: string | undefined;
  for (const channel of resolveChannels(send, resolved.type.channels)) {
    const logName = CHANNEL_LOG_NAMES[channel];
    const channelCondition = channelConditionHolds(channel, send, recipient);
    if (channelCondition !== true) {
      plan.decisions[logName] = { routing: Routing.IGNORE };
      ignoredByCondition =
        channelCondition === false ? `options.${logName}.condition is false` : channelCondition;
      continue;
    }
    const { delivery, ignored } = decideDelivery({
      channel,
      send,
      envId: plan.command.envId,
      typeOptions: resolved.type.options,
      preferences,
      disabledChannels,
    });
    if (ignored) {
      plan.decisions[logName] = ignored;
      continue;
    }
    const rendered = renderChannelContent(channel, send, resolved.templates, scope, delivery);
    if (!rendered.ok) {
      fail(plan, logName, { routing: Routing.SEND, ...withoutOk(rendered) });
      continue;
    }
    const problem = undeliverable(channel, recipient, rendered.content);
    const preview = previewOf(rendered.content);
    if (problem) {
      fail(plan, logName, { routing: Routing.SEND, preview, ...problem });
      continue;
    }
    // Digests, and in-app sends gathered into a batched entry, are routed BATCH.
    const batched =
      DIGEST_OPTIONS.includes(delivery) ||
      (channel === Channel.INAPP_WEB &&
        inboxBatchingOf(resolved.type.options, delivery, send.parameters) !== undefined);
    const routing = batched ? Routing.BATCH : Routing.SEND;
    plan.decisions[logName] = { routing, preview };
    plan.deliverable.push({ channel, delivery, ...rendered });
  }
  const decisions = Object.values(plan.decisions);
  if (decisions.length > 0 && decisions.every((d) => d.routing === Routing.IGNORE)) {
    plan.ignored = 'ALL_CHANNELS_IGNORED';
    if (ignoredByCondition !== undefined) plan.ignoredReason = ignoredByCondition;
  }
}

/** Records a channel that cannot be delivered, so that its failure is published as well. */
function fail(
  plan: SendPlan,
  logName: ChannelLogName,
  decision: ChannelDecision & { failedCode: string },
): void {
  plan.decisions[logName] = decision;
  (plan.failed ??= []).push(logName);
}

function withoutOk<T extends { ok: boolean }>(value: T): Omit<T, 'ok'> {
  const { ok: _ok, ...rest } = value;
  return rest;
}

const PREVIEW_FIELDS = ['subject', 'title', 'message', 'text'];

/** The log record's `<channel>_preview`: the subject, title or text of what is sent. */
function previewOf(content: Record<string, unknown>): string | undefined {
  for (const field of PREVIEW_FIELDS) {
    const value = content[field];
    if (typeof value === 'string' && value.length > 0) return value.slice(0, 200);
  }
  return undefined;
}
