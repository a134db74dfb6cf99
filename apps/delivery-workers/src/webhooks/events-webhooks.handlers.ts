import { Injectable } from '@nestjs/common';
import {
  EventsWebhookOfReply,
  Requests,
  SavedEventsWebhook,
  SaveEventsWebhookRequest,
  SuccessResponseDto,
  TenantScope,
} from '@clarion/contracts';
import { HandleRequest } from '@clarion/messaging';
import { EventsWebhooksService } from './events-webhooks.service';

/** The gateway's `/webhooks/events` requests. */
@Injectable()
export class EventsWebhooksHandlers {
  constructor(private readonly webhooks: EventsWebhooksService) {}

  /** The configuration only when it exists and is enabled. */
  @HandleRequest(Requests.getEventsWebhook, TenantScope)
  async get(scope: TenantScope): Promise<EventsWebhookOfReply> {
    const config = await this.webhooks.enabledOf(scope);
    return config ? { config } : {};
  }

  @HandleRequest(Requests.saveEventsWebhook, SaveEventsWebhookRequest)
  save(request: SaveEventsWebhookRequest): Promise<SavedEventsWebhook> {
    return this.webhooks.save(request);
  }

  @HandleRequest(Requests.deleteEventsWebhook, TenantScope)
  async delete(scope: TenantScope): Promise<SuccessResponseDto> {
    await this.webhooks.delete(scope);
    return { success: true };
  }
}
