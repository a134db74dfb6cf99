import { DynamicModule, Module } from '@nestjs/common';
import { PersistenceModule } from '@clarion/persistence';
import { messagingFor } from '@clarion/runtime';
import { EventsConsumer } from './log-records/events.consumer';
import { LogRecordsHandlers } from './log-records/log-records.handlers';
import { LogRecordsRepository } from './log-records/log-records.repository';
import { LogsEnv } from './logs.env';
import { CreateLogRecords1795260000000 } from './migrations/1795260000000-create-log-records';
import { CreateLogEvents1795420000000 } from './migrations/1795420000000-create-log-events';
import { LogEventsRepository } from './log-events/log-events.repository';
import { LogQueriesHandlers } from './log-queries/log-queries.handlers';
import { LogQueriesJanitor } from './log-queries/log-queries.janitor';
import { LogQueriesRepository } from './log-queries/log-queries.repository';
import { LogQueriesService } from './log-queries/log-queries.service';
import { CreateLogQueries1795430000000 } from './migrations/1795430000000-create-log-queries';
import { AccountRetentionCache } from './retention/account-retention.cache';
import { RetentionPurger } from './retention/retention-purger';
import { RetentionRepository } from './retention/retention.repository';

@Module({})
export class LogsModule {
  static forRoot(env: LogsEnv): DynamicModule {
    return {
      module: LogsModule,
      imports: [
        PersistenceModule.forRoot({
          url: env.DATABASE_URL,
          region: env.CLARION_REGION,
          schema: 'logs',
          entities: [],
          migrations: [
            CreateLogRecords1795260000000,
            CreateLogEvents1795420000000,
            CreateLogQueries1795430000000,
          ],
        }),
        messagingFor('logs', env),
      ],
      providers: [
        EventsConsumer,
        LogEventsRepository,
        LogRecordsHandlers,
        LogRecordsRepository,
        LogQueriesHandlers,
        LogQueriesJanitor,
        LogQueriesRepository,
        LogQueriesService,
        { provide: LogsEnv, useValue: env },
        AccountRetentionCache,
        RetentionPurger,
        RetentionRepository,
      ],
    };
  }
}
