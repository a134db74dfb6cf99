import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { messagingFor } from '@clarion/runtime';
import { PersistenceModule } from '@clarion/persistence';
import { EnvironmentSettingsCache } from './environments/environment-settings.cache';
import { InboxHandlers } from './inbox/inbox.handlers';
import { InboxRepository } from './inbox/inbox.repository';
import { NotificationTypeCache } from './notification-types/notification-type.cache';
import { NotificationTypesRepository } from './notification-types/notification-types.repository';
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
          schema: NOTIFICATIONS_SCHEMA,
          entities: NOTIFICATIONS_ENTITIES,
          migrations: NOTIFICATIONS_MIGRATIONS,
        }),
        TypeOrmModule.forFeature(NOTIFICATIONS_ENTITIES),
        messagingFor('notifications', env),
      ],
      providers: [
        EnvironmentSettingsCache,
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
