import { Injectable } from '@nestjs/common';
import {
  Broadcasts,
  channelsOfContent,
  NormalizedSend,
  NotificationTypeChange,
  Principal,
  Requests,
  SendPlanDto,
} from '@clarion/contracts';
import { MessagingClient, OnBroadcast } from '@clarion/messaging';
import { ExpiringCache } from '@clarion/runtime';

const TTL_MS = 5 * 60_000;

/**
 * The plan of each notification type (its channels, template variables and sub-notifications)
 * for the sends of it. Asking notifications for it makes the type exist, created with the
 * channels of the send's content as the send pipeline would, and registers the send's
 * sub-notification; so once a send is answered, its type can be read and changed. Asked once
 * per type and environment (and once more for each sub-notification the plan does not list
 * yet), then kept until a change to the type is broadcast: a deleted type is created again by
 * the next send, as the pipeline does.
 */
@Injectable()
export class SendPlanCache {
  private readonly plans = new ExpiringCache<SendPlanDto>(TTL_MS, 0, () => false);

  constructor(private readonly messaging: MessagingClient) {}

  async ensure(principal: Principal, send: NormalizedSend): Promise<SendPlanDto> {
    const key = keyOf(principal.envId, send.type);
    const ask = () =>
      this.messaging.request(Requests.ensureSendPlan, {
        accountId: principal.accountId,
        envId: principal.envId,
        notificationId: send.type,
        channels: channelsOfContent(send),
        ...(send.subNotificationId !== undefined && { subNotificationId: send.subNotificationId }),
      });
    const plan = await this.plans.get(key, ask);
    if (listsSubNotificationOf(plan, send)) return plan;
    this.plans.delete(key);
    return this.plans.get(key, ask);
  }

  @OnBroadcast(Broadcasts.notificationTypeChanges)
  forget(change: NotificationTypeChange): void {
    this.plans.delete(keyOf(change.envId, change.notificationId));
  }
}

function listsSubNotificationOf(plan: SendPlanDto, send: NormalizedSend): boolean {
  return (
    send.subNotificationId === undefined || plan.subNotificationIds.includes(send.subNotificationId)
  );
}

function keyOf(envId: string, notificationId: string): string {
  return `${envId}\u0000${notificationId}`;
}
