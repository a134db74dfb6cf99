import { Injectable } from '@nestjs/common';
import {
  Broadcasts,
  EventsWebhookResponseDto,
  NotFoundError,
  SavedEventsWebhook,
  SaveEventsWebhookRequest,
  TenantScope,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { EventsWebhookConfigs } from './events-webhook-configs';
import { EventsWebhookDisabling, EventsWebhooksRepository } from './events-webhooks.repository';

/**
 * The events webhook configuration (spec 4.2 Webhooks), kept where it is dispatched. Every change
 * reaches the dispatcher before the change is answered: this replica's cache drops the entry
 * itself, and the other replicas' caches drop it on the broadcast.
 */
@Injectable()
export class EventsWebhooksService {
  constructor(
    private readonly webhooks: EventsWebhooksRepository,
    private readonly configs: EventsWebhookConfigs,
    private readonly messaging: MessagingClient,
  ) {}

  /** As stored now, for the API (the dispatcher reads through the cache: `configOf`). */
  enabledOf(scope: TenantScope): Promise<EventsWebhookResponseDto | undefined> {
    return this.webhooks.findEnabled(scope);
  }

  /** The configuration the next event of the environment is dispatched with. */
  configOf(scope: TenantScope): Promise<EventsWebhookResponseDto | undefined> {
    return this.configs.of(scope);
  }

  async save(request: SaveEventsWebhookRequest): Promise<SavedEventsWebhook> {
    const saved = await this.webhooks.save(request);
    this.changed(request);
    return saved;
  }

  async delete(scope: TenantScope): Promise<void> {
    if (!(await this.webhooks.delete(scope))) throw new NotFoundError('The events webhook');
    this.changed(scope);
  }

  /** Turns a configuration off for good (its receiver answered 410 Gone) until it is saved again. */
  async disable(disabling: EventsWebhookDisabling): Promise<void> {
    if (await this.webhooks.disable(disabling)) this.changed(disabling);
  }

  private changed({ envId }: TenantScope): void {
    this.configs.forget({ envId });
    this.messaging.broadcast(Broadcasts.eventsWebhookChanges, { envId });
  }
}
