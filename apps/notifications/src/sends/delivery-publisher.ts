import { Injectable } from '@nestjs/common';
import {
  Channel,
  CHANNEL_LOG_NAMES,
  ChannelLogName,
  ChannelOptionsDto,
  DeliveryEvent,
  DeliveryEventData,
  deliveryEventOf,
  DeliveryJob,
  DeliveryOption,
  DIGEST_OPTIONS,
  SEND_PROCESSED,
  SendProcessedEvent,
  TemplateContent,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { countDeliveryRouted } from '@clarion/observability';
import { digestReleaseTime } from '../digests/digest-release-time';
import { DigestsRepository } from '../digests/digests.repository';
import { InappDelivery } from '../inbox/inapp-delivery';
import { inboxBatchingOf } from '../inbox/inbox-batching';
import { inboxEntryOf } from '../inbox/inbox-entry-of';
import { deliveryJobDefinition } from './delivery-jobs';
import { DeliverableChannel, SendPlan } from './send-plan';
import { storedRequestOf } from './stored-request';

/**
 * The last step of the pipeline: digest entries and in-app notifications are stored (one
 * statement each for the batch; the inbox is this service's own), then each send's delivery jobs
 * for outside providers and its `send.processed` event, which carries the in-app `sent` and
 * `delivered` steps, are published, with a `delivery.<channel>.failed` event for each channel the
 * pipeline failed (and for an in-app notification the inbox refused for good). A send whose
 * publishing fails is retried on its own; idempotent writes and msg ids make the retry do nothing
 * twice.
 */
@Injectable()
export class DeliveryPublisher {
  constructor(
    private readonly messaging: MessagingClient,
    private readonly digests: DigestsRepository,
    private readonly inapp: InappDelivery,
  ) {}

  async publish(plans: SendPlan[]): Promise<void> {
    const processedAt = new Date();
    plans.forEach((plan) =>
      plan.deliverable.forEach(({ channel }) => countDeliveryRouted(channel)),
    );
    await this.digests.add(
      plans.flatMap((plan) =>
        plan.deliverable
          .filter(({ delivery }) => DIGEST_OPTIONS.includes(delivery))
          .map((deliverable) => ({
            job: jobOf(plan, deliverable),
            userId: plan.send.to.id,
            releaseAt: digestReleaseTime(
              deliverable.delivery,
              plan.resolved.type.options?.[deliverable.channel] as ChannelOptionsDto | undefined,
              plan.recipient.timezone,
              processedAt,
            ),
          })),
      ),
    );
    const inappSteps = await this.inapp.store(
      plans.flatMap((plan) =>
        instantOf(plan)
          .filter((deliverable) => deliverable.channel === Channel.INAPP_WEB)
          .map((deliverable) => ({
            entry: inboxEntryOf(jobOf(plan, deliverable)),
            traceContext: plan.item.traceContext,
            batching: inboxBatchingOf(
              plan.resolved.type.options,
              deliverable.delivery,
              plan.send.parameters,
            ),
          })),
      ),
    );
    await Promise.all(
      plans.map((plan) =>
        this.publishOne(
          plan,
          processedAt.toISOString(),
          inappSteps.get(plan.command.trackingId),
        ).catch((error: unknown) => plan.item.retry(error)),
      ),
    );
  }

  private async publishOne(
    plan: SendPlan,
    processedAt: string,
    inappSteps: DeliveryEventData[] | undefined,
  ): Promise<void> {
    const deliveries = inappSteps?.filter((step) => step.status !== 'failed');
    const storageFailures = inappSteps?.filter((step) => step.status === 'failed') ?? [];
    await Promise.all([
      ...instantOf(plan).map((deliverable) => {
        const { channel } = deliverable;
        if (channel === Channel.INAPP_WEB) return undefined;
        return this.messaging.publishJob(deliveryJobDefinition(channel), jobOf(plan, deliverable), {
          msgId: `${plan.command.trackingId}:${CHANNEL_LOG_NAMES[deliverable.channel]}`,
          traceContext: plan.item.traceContext,
        });
      }),
      this.messaging.publishEvent(
        processedEvent(plan, processedAt, deliveries),
        plan.item.traceContext,
      ),
      ...(plan.failed ?? []).map((channel) =>
        this.messaging.publishEvent(
          failureEvent(plan, channel, processedAt),
          plan.item.traceContext,
        ),
      ),
      ...storageFailures.map((step) =>
        this.messaging.publishEvent(deliveryEventOf(plan.command, step), plan.item.traceContext),
      ),
    ]);
  }
}

/** The channels of a send delivered at once (not gathered into a digest). */
function instantOf(plan: SendPlan): DeliverableChannel[] {
  return plan.deliverable.filter(({ delivery }) => delivery === DeliveryOption.INSTANT);
}

function jobOf(plan: SendPlan, deliverable: DeliverableChannel): DeliveryJob<TemplateContent> {
  const { command, send, recipient } = plan;
  const {
    envId: _envId,
    emailSuppression: _suppression,
    smsOptOut: _optOut,
    ...addresses
  } = recipient;
  return {
    trackingId: command.trackingId,
    accountId: command.accountId,
    envId: command.envId,
    channel: deliverable.channel,
    notificationId: send.type,
    subNotificationId: send.subNotificationId,
    secondaryId: send.secondaryId,
    templateId: deliverable.templateId,
    recipient: addresses,
    content: deliverable.content,
    options: send.options,
    parameters: send.parameters,
    receivedAt: command.receivedAt,
  };
}

/**
 * A channel that failed before delivery, as the same `delivery.<channel>.failed` step a provider's
 * failure is, so that events webhooks hear of it (`EMAIL_FAILED`). Its id is the step's, so a
 * batch run again publishes it once. It has no `after`: the log record of such a send keeps the
 * fields `send.processed` gives it, and `<channel>_failed_at` is the same processing time.
 */
function failureEvent(plan: SendPlan, channel: ChannelLogName, processedAt: string): DeliveryEvent {
  const decision = plan.decisions[channel];
  return deliveryEventOf(plan.command, {
    channel,
    status: 'failed',
    at: processedAt,
    failedCode: decision?.failedCode,
    internal: decision?.internal,
    userId: plan.send.to.id,
    notificationId: plan.send.type,
  });
}

function processedEvent(
  plan: SendPlan,
  processedAt: string,
  deliveries: DeliveryEventData[] | undefined,
): SendProcessedEvent {
  const { command, send } = plan;
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
      request: storedRequestOf(command.body),
      user: { id: send.to.id, email: plan.recipient.email, number: plan.recipient.number },
      channels: plan.decisions,
      ignored: plan.ignored,
      ignoredReason: plan.ignoredReason,
      deliveries,
    },
  };
}
