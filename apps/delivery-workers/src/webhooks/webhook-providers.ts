import { Provider } from '@nestjs/common';
import { DeliveryWorkersEnv } from '../delivery-workers.env';
import { EventsWebhookConfigs } from './events-webhook-configs';
import { EventsWebhooksHandlers } from './events-webhooks.handlers';
import { EventsWebhooksRepository } from './events-webhooks.repository';
import { EventsWebhooksService } from './events-webhooks.service';
import { WebhookDispatcher } from './webhook-dispatcher';
import { WebhookEventsConsumer } from './webhook-events.consumer';
import { WebhookResults } from './webhook-results';
import { WebhookSender } from './webhook-sender';
import { WebhookSettings } from './webhook-settings';

/** The events webhook configuration and its dispatcher, which sends through the app's OutboundGuard. */
export function webhookProviders(env: DeliveryWorkersEnv): Provider[] {
  return [
    { provide: WebhookSettings, useValue: new WebhookSettings(env) },
    EventsWebhookConfigs,
    EventsWebhooksHandlers,
    EventsWebhooksRepository,
    EventsWebhooksService,
    WebhookDispatcher,
    WebhookEventsConsumer,
    WebhookResults,
    WebhookSender,
  ];
}
