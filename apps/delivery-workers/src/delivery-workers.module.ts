import { DynamicModule, Module } from '@nestjs/common';
import { PersistenceModule } from '@clarion/persistence';
import { messagingFor } from '@clarion/runtime';
import { CallChannel } from './call/call-channel';
import { CallJobsConsumer } from './call/call-jobs.consumer';
import { DeliveryAttemptsRepository } from './delivery/delivery-attempts.repository';
import { DeliveryEvents } from './delivery/delivery-events';
import { DeliveryProcessor } from './delivery/delivery-processor';
import { providerAdapters } from './delivery/provider-adapters';
import { DeliveryWorkersEnv } from './delivery-workers.env';
import { EmailChannel } from './email/email-channel';
import { EmailJobsConsumer } from './email/email-jobs.consumer';
import { InappDeliveryService } from './inapp/inapp-delivery.service';
import { InappJobsConsumer } from './inapp/inapp-jobs.consumer';
import { CreateDeliveryTables1795400000000 } from './migrations/1795400000000-create-delivery-tables';
import { MobilePushChannel } from './mobile-push/mobile-push-channel';
import { MobilePushJobsConsumer } from './mobile-push/mobile-push-jobs.consumer';
import { DeliverySettingsHandlers } from './push-settings/delivery-settings.handlers';
import { PushCredentialsRepository } from './push-settings/push-credentials.repository';
import { PushSettingsService } from './push-settings/push-settings.service';
import { SlackChannel } from './slack/slack-channel';
import { SlackJobsConsumer } from './slack/slack-jobs.consumer';
import { SmsChannel } from './sms/sms-channel';
import { SmsJobsConsumer } from './sms/sms-jobs.consumer';
import { ProviderCallbacksConsumer } from './twilio/provider-callbacks.consumer';
import { TwilioCallbacksService } from './twilio/twilio-callbacks.service';
import { VapidKeysRepository } from './web-push/vapid-keys.repository';
import { WebPushChannel } from './web-push/web-push-channel';
import { WebPushJobsConsumer } from './web-push/web-push-jobs.consumer';

@Module({})
export class DeliveryWorkersModule {
  static forRoot(env: DeliveryWorkersEnv): DynamicModule {
    return {
      module: DeliveryWorkersModule,
      imports: [
        PersistenceModule.forRoot({
          url: env.DATABASE_URL,
          schema: 'delivery',
          entities: [],
          migrations: [CreateDeliveryTables1795400000000],
        }),
        messagingFor('delivery-workers', env),
      ],
      providers: [
        ...providerAdapters(env),
        CallChannel,
        CallJobsConsumer,
        DeliveryAttemptsRepository,
        DeliveryEvents,
        DeliveryProcessor,
        DeliverySettingsHandlers,
        EmailChannel,
        EmailJobsConsumer,
        InappDeliveryService,
        InappJobsConsumer,
        MobilePushChannel,
        MobilePushJobsConsumer,
        ProviderCallbacksConsumer,
        PushCredentialsRepository,
        PushSettingsService,
        SlackChannel,
        SlackJobsConsumer,
        SmsChannel,
        SmsJobsConsumer,
        TwilioCallbacksService,
        VapidKeysRepository,
        WebPushChannel,
        WebPushJobsConsumer,
      ],
    };
  }
}
