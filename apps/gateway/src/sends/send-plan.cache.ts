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

/** After this, a plan is asked for again, in the background: the send does not wait for it. */
const REFRESH_AFTER_MS = 5 * 60_000;
const MAX_PLANS = 10_000;

interface KnownPlan {
  plan: SendPlanDto;
  fetchedAt: number;
}

interface AskedPlan {
  plan: Promise<SendPlanDto>;
  subNotificationId?: string;
}

/**
 * The plan of each notification type (its channels, template variables and sub-notifications)
 * for the sends of it. Asking notifications for it makes the type exist, created with the
 * channels of the send's content as the send pipeline would, and registers the send's
 * sub-notification; so once a send is answered, its type can be read and changed. A send waits
 * for that only when the plan is not known yet: the first send of a type in an environment, the
 * first naming a new sub-notification, and the first after a change to the type was broadcast
 * (a deleted type is created again by it). A known plan answers at once; one older than five
 * minutes (a broadcast may be lost) is asked for again in the background, and while notifications
 * does not answer, the known plan keeps serving: sends of known types never wait on it.
 */
@Injectable()
export class SendPlanCache {
  private readonly known = new Map<string, KnownPlan>();
  private readonly asking = new Map<string, AskedPlan>();

  constructor(private readonly messaging: MessagingClient) {}

  async ensure(principal: Principal, send: NormalizedSend): Promise<SendPlanDto> {
    const key = keyOf(principal.envId, send.type);
    const known = this.known.get(key);
    if (!known || !listsSubNotificationOf(known.plan, send)) return this.ask(key, principal, send);
    if (Date.now() - known.fetchedAt > REFRESH_AFTER_MS) {
      this.ask(key, principal, send).catch(() => undefined);
    }
    return known.plan;
  }

  @OnBroadcast(Broadcasts.notificationTypeChanges)
  forget(change: NotificationTypeChange): void {
    this.known.delete(keyOf(change.envId, change.notificationId));
  }

  /**
   * Asks notifications, sharing a request in flight for the same type that registers what this
   * send needs; the answer becomes the known plan.
   */
  private ask(key: string, principal: Principal, send: NormalizedSend): Promise<SendPlanDto> {
    const { subNotificationId } = send;
    const inFlight = this.asking.get(key);
    if (
      inFlight &&
      (subNotificationId === undefined || inFlight.subNotificationId === subNotificationId)
    ) {
      return inFlight.plan;
    }
    const plan = this.messaging
      .request(Requests.ensureSendPlan, {
        accountId: principal.accountId,
        envId: principal.envId,
        notificationId: send.type,
        channels: channelsOfContent(send),
        ...(subNotificationId !== undefined && { subNotificationId }),
      })
      .then((answer) => {
        this.remember(key, answer);
        return answer;
      })
      .finally(() => {
        if (this.asking.get(key)?.plan === plan) this.asking.delete(key);
      });
    this.asking.set(key, { plan, subNotificationId });
    return plan;
  }

  private remember(key: string, plan: SendPlanDto): void {
    this.known.delete(key);
    if (this.known.size >= MAX_PLANS) {
      const oldest = this.known.keys().next();
      if (!oldest.done) this.known.delete(oldest.value);
    }
    this.known.set(key, { plan, fetchedAt: Date.now() });
  }
}

function listsSubNotificationOf(plan: SendPlanDto | undefined, send: NormalizedSend): boolean {
  if (send.subNotificationId === undefined) return true;
  return plan?.subNotificationIds.includes(send.subNotificationId) ?? false;
}

function keyOf(envId: string, notificationId: string): string {
  return `${envId}\u0000${notificationId}`;
}
