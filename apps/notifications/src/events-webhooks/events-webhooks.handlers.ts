import { Injectable } from '@nestjs/common';
import {
  Broadcasts,
  DisableEventsWebhookRequest,
  EventsWebhookOfReply,
  EventsWebhookResponseDto,
  NotFoundError,
  Requests,
  SaveEventsWebhookRequest,
  SuccessResponseDto,
  TenantScope,
} from '@clarion/contracts';
import { HandleRequest, MessagingClient } from '@clarion/messaging';
import { EventsWebhooksRepository, StoredEventsWebhook } from './events-webhooks.repository';

/** The events webhook configuration (spec 4.2 Webhooks); every change is broadcast to the dispatchers. */
@Injectable()
export class EventsWebhooksHandlers {
  constructor(
    private readonly webhooks: EventsWebhooksRepository,
    private readonly messaging: MessagingClient,
  ) {}

  /** The configuration for the dispatcher: only when it exists and is enabled. */
  @HandleRequest(Requests.getEventsWebhook, TenantScope)
  async get(scope: TenantScope): Promise<EventsWebhookOfReply> {
    const stored = await this.webhooks.find(scope);
    return stored && !stored.disabled ? { config: responseOf(stored) } : {};
  }

  @HandleRequest(Requests.saveEventsWebhook, SaveEventsWebhookRequest)
  async save(request: SaveEventsWebhookRequest): Promise<EventsWebhookResponseDto> {
    const stored = await this.webhooks.save(request);
    this.messaging.broadcast(Broadcasts.eventsWebhookChanges, { envId: request.envId });
    return responseOf(stored);
  }

  @HandleRequest(Requests.deleteEventsWebhook, TenantScope)
  async delete(scope: TenantScope): Promise<SuccessResponseDto> {
    if (!(await this.webhooks.delete(scope))) throw new NotFoundError('The events webhook');
    this.messaging.broadcast(Broadcasts.eventsWebhookChanges, { envId: scope.envId });
    return { success: true };
  }

  @HandleRequest(Requests.disableEventsWebhook, DisableEventsWebhookRequest)
  async disable(request: DisableEventsWebhookRequest): Promise<SuccessResponseDto> {
    await this.webhooks.disable(request);
    this.messaging.broadcast(Broadcasts.eventsWebhookChanges, { envId: request.envId });
    return { success: true };
  }
}

function responseOf(stored: StoredEventsWebhook): EventsWebhookResponseDto {
  const { disabled: _disabled, ...response } = stored;
  return response;
}
