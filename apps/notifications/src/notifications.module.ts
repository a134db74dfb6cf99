import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { messagingFor } from '@clarion/runtime';
import { PersistenceModule } from '@clarion/persistence';
import { AddressStateHandlers } from './address-state/address-state.handlers';
import { AddressStateRepository } from './address-state/address-state.repository';
import { DeduplicationRepository } from './limits/deduplication.repository';
import { LimitsJanitor } from './limits/limits-janitor';
import { ThrottleRepository } from './limits/throttle.repository';
import { DigestReleaser } from './digests/digest-releaser';
import { DigestsRepository } from './digests/digests.repository';
import { NotificationTypesHandlers } from './notification-types/notification-types.handlers';
import { NotificationTypesService } from './notification-types/notification-types.service';
import { PreferencesHandlers } from './preferences/preferences.handlers';
import { PreferencesRepository } from './preferences/preferences.repository';
import { PreferencesService } from './preferences/preferences.service';
import { RetractionsHandlers } from './retractions/retractions.handlers';
import { DeliveryPublisher } from './sends/delivery-publisher';
import { SendLimits } from './sends/send-limits';
import { SubNotificationsHandlers } from './sub-notifications/sub-notifications.handlers';
import { SubNotificationsRepository } from './sub-notifications/sub-notifications.repository';
import { SuppressionRemovals } from './suppressions/suppression-removals';
import { SuppressionRemovalsConsumer } from './suppressions/suppression-removals.consumer';
import { SuppressionsHandlers } from './suppressions/suppressions.handlers';
import { SuppressionsRepository } from './suppressions/suppressions.repository';
import { SuppressionsService } from './suppressions/suppressions.service';
import { TemplatesHandlers } from './templates/templates.handlers';
import { TemplatesRepository } from './templates/templates.repository';
import { TemplatesService } from './templates/templates.service';
import { EnvironmentSettingsCache } from './environments/environment-settings.cache';
import { InappDelivery } from './inbox/inapp-delivery';
import { InappJobsConsumer } from './inbox/inapp-jobs.consumer';
import { InboxChanges } from './inbox/inbox-changes';
import { InboxBatchesRepository } from './inbox/inbox-batches.repository';
import { InboxHandlers } from './inbox/inbox.handlers';
import { InboxRepository } from './inbox/inbox.repository';
import { NotificationTypeCache } from './notification-types/notification-type.cache';
import { NotificationTypesRepository } from './notification-types/notification-types.repository';
import { SendPlans } from './notification-types/send-plans';
import {
  NOTIFICATIONS_ENTITIES,
  NOTIFICATIONS_MIGRATIONS,
  NOTIFICATIONS_SCHEMA,
} from './notifications.entities';
import { NotificationsEnv } from './notifications.env';
import { ScheduleHandlers } from './schedules/schedule.handlers';
import { ScheduleReleaser } from './schedules/schedule-releaser';
import { ScheduleService } from './schedules/schedule.service';
import { ScheduledSendsRepository } from './schedules/scheduled-sends.repository';
import { SendPipeline } from './sends/send-pipeline.service';
import { SendsConsumer } from './sends/sends.consumer';
import { LastSeenRecorder } from './users/last-seen.recorder';
import { UsersHandlers } from './users/users.handlers';
import { UsersRepository } from './users/users.repository';
import { UsersService } from './users/users.service';

@Module({})
export class NotificationsModule {
  static forRoot(env: NotificationsEnv): DynamicModule {
    return {
      module: NotificationsModule,
      imports: [
        PersistenceModule.forRoot({
          url: env.DATABASE_URL,
          region: env.CLARION_REGION,
          schema: NOTIFICATIONS_SCHEMA,
          entities: NOTIFICATIONS_ENTITIES,
          migrations: NOTIFICATIONS_MIGRATIONS,
        }),
        TypeOrmModule.forFeature(NOTIFICATIONS_ENTITIES),
        messagingFor('notifications', env),
      ],
      providers: [
        AddressStateHandlers,
        AddressStateRepository,
        DeduplicationRepository,
        DeliveryPublisher,
        DigestReleaser,
        DigestsRepository,
        EnvironmentSettingsCache,
        LimitsJanitor,
        NotificationTypesHandlers,
        NotificationTypesService,
        SendPlans,
        PreferencesHandlers,
        PreferencesRepository,
        PreferencesService,
        RetractionsHandlers,
        SendLimits,
        SubNotificationsHandlers,
        SubNotificationsRepository,
        SuppressionRemovals,
        SuppressionRemovalsConsumer,
        SuppressionsHandlers,
        SuppressionsRepository,
        SuppressionsService,
        TemplatesHandlers,
        TemplatesRepository,
        TemplatesService,
        ThrottleRepository,
        InappDelivery,
        InappJobsConsumer,
        InboxChanges,
        InboxBatchesRepository,
        InboxHandlers,
        InboxRepository,
        LastSeenRecorder,
        NotificationTypeCache,
        NotificationTypesRepository,
        ScheduleHandlers,
        ScheduleReleaser,
        ScheduleService,
        ScheduledSendsRepository,
        SendPipeline,
        SendsConsumer,
        UsersHandlers,
        UsersRepository,
        UsersService,
      ],
    };
  }
}
