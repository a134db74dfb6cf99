import { Injectable } from '@nestjs/common';
import {
  Broadcasts,
  EventsWebhookChange,
  EventsWebhookResponseDto,
  TenantScope,
} from '@clarion/contracts';
import { OnBroadcast } from '@clarion/messaging';
import { ExpiringCache } from '@clarion/runtime';
import { EventsWebhooksRepository } from './events-webhooks.repository';

/**
 * How long a replica may keep a configuration it was not told has changed: the broadcast from the
 * replica that changed it is at-most-once (core NATS), so a lost one is outlived by this.
 */
const TTL_MS = 30_000;
const MAX_ENVIRONMENTS = 10_000;

type Config = EventsWebhookResponseDto | undefined;

/**
 * The enabled events webhook of each environment as the dispatcher reads it: from this service's
 * table, remembered per environment, an environment without one too (most have none, and every
 * delivery step asks). A change drops the entry at once on the replica that made it and, through
 * a broadcast, on the others.
 */
@Injectable()
export class EventsWebhookConfigs {
  // Failed look-ups are not cached: the last known configuration answers, or the event is retried.
  private readonly configs = new ExpiringCache<Config>(TTL_MS, 0, () => false, MAX_ENVIRONMENTS);
  /**
   * What the table last answered. A configuration changes only through that table, so while the
   * database does not answer the last one known still holds; retrying instead would spend the
   * events' attempts (an attempt is a JetStream delivery) before their webhooks were ever called.
   */
  private readonly lastKnown = new Map<string, Config>();

  constructor(private readonly webhooks: EventsWebhooksRepository) {}

  /** The environment's configuration, undefined when it has none or it is disabled. */
  async of(scope: TenantScope): Promise<Config> {
    try {
      return await this.configs.get(scope.envId, () => this.lookUp(scope));
    } catch (error) {
      if (this.lastKnown.has(scope.envId)) return this.lastKnown.get(scope.envId);
      throw error;
    }
  }

  @OnBroadcast(Broadcasts.eventsWebhookChanges)
  forget(change: EventsWebhookChange): void {
    this.configs.delete(change.envId);
    this.lastKnown.delete(change.envId);
  }

  private async lookUp(scope: TenantScope): Promise<Config> {
    const config = await this.webhooks.findEnabled(scope);
    if (this.lastKnown.size >= MAX_ENVIRONMENTS && !this.lastKnown.has(scope.envId)) {
      const oldest = this.lastKnown.keys().next();
      if (!oldest.done) this.lastKnown.delete(oldest.value);
    }
    this.lastKnown.set(scope.envId, config);
    return config;
  }
}
