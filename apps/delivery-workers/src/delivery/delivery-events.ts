import { Injectable } from '@nestjs/common';
import { Context } from '@opentelemetry/api';
import {
  CHANNEL_LOG_NAMES,
  ChannelLogName,
  DeliveryEvent,
  DeliveryEventData,
  deliveryEventKind,
  DeliveryJob,
  DeliveryStatus,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { StoredAttempt } from './delivery-attempt';

export type StepDetails = Pick<DeliveryEventData, 'failedCode' | 'internal' | 'fields'>;

/** The send(s) a step belongs to. */
export interface StepSubject {
  trackingIds: string[];
  accountId: string;
  envId: string;
  channel: ChannelLogName;
  receivedAt?: string;
  userId?: string;
  notificationId?: string;
}

/**
 * Publishes the steps of a delivery as events (`delivery.<channel>.<status>`). A digest's steps
 * are published for every send it gathers, so each of their log records shows them. Event ids
 * are stable, so re-publishing after a crash is dropped by JetStream; steps that can happen more
 * than once (an inbound text, a click) name their occurrence.
 */
@Injectable()
export class DeliveryEvents {
  constructor(private readonly messaging: MessagingClient) {}

  publish(
    job: DeliveryJob<unknown>,
    status: DeliveryStatus,
    details: StepDetails,
    traceContext?: Context,
  ): Promise<void> {
    return this.publishStep(subjectOfJob(job), status, details, { traceContext });
  }

  async publishStep(
    subject: StepSubject,
    status: DeliveryStatus,
    details: StepDetails,
    options: { occurrence?: string; traceContext?: Context } = {},
  ): Promise<void> {
    const at = new Date();
    const kind = deliveryEventKind(subject.channel, status);
    const after =
      subject.receivedAt === undefined ? undefined : at.getTime() - Date.parse(subject.receivedAt);
    await Promise.all(
      subject.trackingIds.map((trackingId) => {
        const event: DeliveryEvent = {
          id: [trackingId, kind, options.occurrence].filter(Boolean).join(':'),
          kind,
          trackingId,
          accountId: subject.accountId,
          envId: subject.envId,
          occurredAt: at.toISOString(),
          data: {
            channel: subject.channel,
            status,
            at: at.toISOString(),
            ...(after !== undefined &&
              ['sent', 'delivered', 'failed'].includes(status) && { after }),
            userId: subject.userId,
            notificationId: subject.notificationId,
            ...details,
          },
        };
        return this.messaging.publishEvent(event, options.traceContext);
      }),
    );
  }
}

/** The send a stored attempt belongs to, for a step heard later (a receipt, a report, a reply). */
export function stepSubjectOfAttempt(attempt: StoredAttempt, channel: ChannelLogName): StepSubject {
  return {
    trackingIds: [attempt.trackingId],
    accountId: attempt.accountId,
    envId: attempt.envId,
    channel,
    receivedAt: attempt.details.receivedAt,
    userId: attempt.details.userId,
    notificationId: attempt.details.notificationId,
  };
}

function subjectOfJob(job: DeliveryJob<unknown>): StepSubject {
  return {
    trackingIds: job.digestOf ?? [job.trackingId],
    accountId: job.accountId,
    envId: job.envId,
    channel: CHANNEL_LOG_NAMES[job.channel],
    receivedAt: job.receivedAt,
    userId: job.recipient.id,
    notificationId: job.notificationId,
  };
}
