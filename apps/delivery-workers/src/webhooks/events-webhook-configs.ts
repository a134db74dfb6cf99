import { Injectable } from '@nestjs/common';
import {
  Broadcasts,
  EventsWebhookChange,
  EventsWebhookResponseDto,
  Requests,
  TenantScope,
} from '@clarion/contracts';
import { MessagingClient, OnBroadcast } from '@clarion/messaging';
import { ExpiringCache } from '@clarion/runtime';

const TTL_MS = 30_000;
const MAX_ENVIRONMENTS = 10_000;

type Config = EventsWebhookResponseDto | undefined;

/**
 * The enabled events webhook of each environment, asked of notifications once per environment
 * and remembered for 30 s, an environment without one too (most have none, and every delivery
 * step asks). A change through the API is broadcast and drops the entry at once.
 */
@Injectable()
export class EventsWebhookConfigs {
  // Failed look-ups are not cached: the last known configuration answers, or the event is retried.
  private readonly configs = new ExpiringCache<Config>(TTL_MS, 0, () => false, MAX_ENVIRONMENTS);
  /**
   * What notifications last answered. A configuration changes only through notifications, so
   * while it does not answer, the last one known still holds; retrying instead would spend the
   * events' attempts (an attempt is a JetStream delivery) before their webhooks were ever called.
   */
  private readonly lastKnown = new Map<string, Config>();

  constructor(private readonly messaging: MessagingClient) {}

  /** The environment's configuration, undefined when it has none or it is disabled. */
  async of(scope: TenantScope): Promise<Config> {
    try {
      return await this.configs.get(scope.envId, () => this.lookUp(scope));
    } catch (error) {
      if (this.lastKnown.has(scope.envId)) return this.lastKnown.get(scope.envId);
      throw error;
    }
  }

  /** Turns a configuration off for good (its receiver answered 410 Gone) until it is saved again. */
  async disable(scope: TenantScope, webhookId: string, reason: string): Promise<void> {
    await this.messaging.request(Requests.disableEventsWebhook, {
      accountId: scope.accountId,
      envId: scope.envId,
      webhookId,
      reason,
    });
    this.forget(scope);
  }

  @OnBroadcast(Broadcasts.eventsWebhookChanges)
  forget(change: EventsWebhookChange): void {
    this.configs.delete(change.envId);
    this.lastKnown.delete(change.envId);
  }

  private async lookUp(scope: TenantScope): Promise<Config> {
    const { config } = await this.messaging.request(Requests.getEventsWebhook, {
      accountId: scope.accountId,
      envId: scope.envId,
    });
    if (this.lastKnown.size >= MAX_ENVIRONMENTS && !this.lastKnown.has(scope.envId)) {
      const oldest = this.lastKnown.keys().next();
      if (!oldest.done) this.lastKnown.delete(oldest.value);
    }
    this.lastKnown.set(scope.envId, config);
    return config;
  }
}
