import { Injectable } from '@nestjs/common';
import {
  Broadcasts,
  NotificationTypeChange,
  Principal,
  Requests,
  SendPlanDto,
} from '@clarion/contracts';
import { MessagingClient, OnBroadcast } from '@clarion/messaging';
import { ExpiringCache } from '@clarion/runtime';

const TTL_MS = 5 * 60_000;

/**
 * The channels and template variables of each notification type, read for the notes of every
 * send: asked of notifications once, then kept until a change to the type is broadcast.
 */
@Injectable()
export class SendPlanCache {
  private readonly plans = new ExpiringCache<SendPlanDto>(TTL_MS, 0, () => false);

  constructor(private readonly messaging: MessagingClient) {}

  of(principal: Principal, notificationId: string): Promise<SendPlanDto> {
    return this.plans.get(keyOf(principal.envId, notificationId), () =>
      this.messaging.request(Requests.sendPlan, {
        accountId: principal.accountId,
        envId: principal.envId,
        notificationId,
      }),
    );
  }

  @OnBroadcast(Broadcasts.notificationTypeChanges)
  forget(change: NotificationTypeChange): void {
    this.plans.delete(keyOf(change.envId, change.notificationId));
  }
}

function keyOf(envId: string, notificationId: string): string {
  return `${envId}\u0000${notificationId}`;
}
