import { Injectable } from '@nestjs/common';
import { CHANNEL_LOG_NAMES, Routing } from '@clarion/contracts';
import { DeduplicationRepository } from '../limits/deduplication.repository';
import { throttleScopeKey, throttleWindow } from '../limits/throttle-window';
import { ThrottleRepository } from '../limits/throttle.repository';
import { deduplicationKey } from './deduplication-key';
import { SendPlan } from './send-plan';

/**
 * Deduplication, then throttling, of the sends of a batch that would deliver something. Both
 * count in PostgreSQL, so replicas of the service share them.
 */
@Injectable()
export class SendLimits {
  constructor(
    private readonly deduplication: DeduplicationRepository,
    private readonly throttle: ThrottleRepository,
  ) {}

  async apply(plans: SendPlan[]): Promise<void> {
    const candidates = plans.filter((plan) => plan.deliverable.length > 0);
    await this.deduplicate(candidates);
    await this.throttleSends(candidates.filter((plan) => plan.ignored === undefined));
  }

  private async deduplicate(plans: SendPlan[]): Promise<void> {
    const limited = plans.filter((plan) => plan.resolved.type.deduplication);
    if (limited.length === 0) return;
    const claimed = await this.deduplication.claim(
      limited.map((plan) => ({
        envId: plan.command.envId,
        key: deduplicationKey(plan.send),
        trackingId: plan.command.trackingId,
        windowSeconds: plan.resolved.type.deduplication?.duration ?? 0,
      })),
    );
    for (const plan of limited) {
      if (!claimed.has(plan.command.trackingId)) hold(plan, Routing.DEDUPLICATED, 'DEDUPLICATION');
    }
  }

  private async throttleSends(plans: SendPlan[]): Promise<void> {
    const now = new Date();
    const counts = plans.flatMap((plan) => {
      const throttling = plan.resolved.type.throttling;
      if (!throttling) return [];
      return [
        {
          envId: plan.command.envId,
          scopeKey: throttleScopeKey(throttling, plan.send.type, plan.send.to.id),
          window: throttleWindow(throttling, now),
          max: throttling.max,
          trackingId: plan.command.trackingId,
        },
      ];
    });
    if (counts.length === 0) return;
    const throttled = await this.throttle.count(counts);
    for (const plan of plans) {
      if (throttled.has(plan.command.trackingId)) hold(plan, Routing.THROTTLED, 'THROTTLING');
    }
  }
}

/** Marks every deliverable channel of a send as held back, and the send as sending nothing. */
function hold(plan: SendPlan, routing: Routing, ignored: string): void {
  for (const { channel } of plan.deliverable) {
    const logName = CHANNEL_LOG_NAMES[channel];
    plan.decisions[logName] = { ...plan.decisions[logName], routing };
  }
  plan.deliverable = [];
  plan.ignored = ignored;
}
