import { DynamicModule, Module } from '@nestjs/common';
import { PersistenceModule } from '@clarion/persistence';
import { messagingFor } from '@clarion/runtime';
import { MasterKeyring, SecretSealer } from '@clarion/secrets';
import { CallChannel } from './call/call-channel';
import { AttemptsJanitor } from './delivery/attempts-janitor';
import { CHANNEL_CONSUMERS } from './delivery/channel-consumers';
import { DeadAddresses } from './delivery/dead-addresses';
import { DeliveryAttemptsRepository } from './delivery/delivery-attempts.repository';
import { DeliveryEvents } from './delivery/delivery-events';
import { DeliveryProcessor } from './delivery/delivery-processor';
import { providerAdapters } from './delivery/provider-adapters';
import { DeliveryWorkersEnv } from './delivery-workers.env';
import { EmailChannel } from './email/email-channel';
import { EmailSuppressions } from './email/email-suppressions';
import { inboundMailProviders } from './inbound-mail/inbound-mail-providers';
import { inboxProviders } from './inboxes/inbox-providers';
import { CreateDeliveryTables1795400000000 } from './migrations/1795400000000-create-delivery-tables';
import { TakeOverEventsWebhooks1795410000000 } from './migrations/1795410000000-take-over-events-webhooks';
import { AddSenderDomains1796300000000 } from './migrations/1796300000000-add-sender-domains';
import { AddInboxAddresses1796400000000 } from './migrations/1796400000000-add-inbox-addresses';
import { IndexEmailMessageTokens1796410000000 } from './migrations/1796410000000-index-email-message-tokens';
import { IndexEmailsBeingSent1796420000000 } from './migrations/1796420000000-index-emails-being-sent';
import { MobilePushChannel } from './mobile-push/mobile-push-channel';
import { DeliverySettingsHandlers } from './push-settings/delivery-settings.handlers';
import { SlackConnections } from './slack/slack-connections';
import { PushCredentialsRepository } from './push-settings/push-credentials.repository';
import { PushPrivateKeys } from './push-settings/push-private-keys';
import { PushPrivateKeysResealer } from './push-settings/push-private-keys-resealer';
import { PushSettingsService } from './push-settings/push-settings.service';
import { SlackChannel } from './slack/slack-channel';
import { senderDomainProviders } from './sender-domains/sender-domain-providers';
import { SenderOwnership } from './sms/sender-ownership';
import { SmsChannel } from './sms/sms-channel';
import { ProviderCallbacksConsumer } from './twilio/provider-callbacks.consumer';
import { TwilioCallbacksService } from './twilio/twilio-callbacks.service';
import { VapidKeysRepository } from './web-push/vapid-keys.repository';
import { WebPushChannel } from './web-push/web-push-channel';
import { webhookProviders } from './webhooks/webhook-providers';

@Module({})
export class DeliveryWorkersModule {
  static forRoot(env: DeliveryWorkersEnv): DynamicModule {
    return {
      module: DeliveryWorkersModule,
      imports: [
        PersistenceModule.forRoot({
          url: env.DATABASE_URL,
          region: env.CLARION_REGION,
          schema: 'delivery',
          entities: [],
          migrations: [
            CreateDeliveryTables1795400000000,
            TakeOverEventsWebhooks1795410000000,
            AddSenderDomains1796300000000,
            AddInboxAddresses1796400000000,
            IndexEmailMessageTokens1796410000000,
            IndexEmailsBeingSent1796420000000,
          ],
        }),
        messagingFor('delivery-workers', env),
      ],
      providers: [
        ...providerAdapters(env),
        ...CHANNEL_CONSUMERS,
        AttemptsJanitor,
        CallChannel,
        DeadAddresses,
        DeliveryAttemptsRepository,
        DeliveryEvents,
        DeliveryProcessor,
        DeliverySettingsHandlers,
        SlackConnections,
        EmailChannel,
        EmailSuppressions,
        MobilePushChannel,
        ProviderCallbacksConsumer,
        PushCredentialsRepository,
        PushPrivateKeys,
        PushPrivateKeysResealer,
        PushSettingsService,
        {
          provide: SecretSealer,
          useValue: new SecretSealer(MasterKeyring.parse(env.SECRETS_MASTER_KEYS)),
        },
        SlackChannel,
        SenderOwnership,
        SmsChannel,
        TwilioCallbacksService,
        VapidKeysRepository,
        WebPushChannel,
        ...webhookProviders(env),
        ...senderDomainProviders(env),
        ...inboundMailProviders(env),
        ...inboxProviders(env),
      ],
    };
  }
}
