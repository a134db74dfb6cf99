import { DynamicModule, Logger, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { serviceDataSourceOptions, ServiceDatabaseOptions } from './data-source-options';
import { DatabaseReadiness } from './database-readiness';
import { ensureDatabaseExists } from './ensure-database';
import { runMigrationsWithLock } from './run-migrations';

/**
 * PostgreSQL for one service: creates the database if needed, connects, and runs the service's
 * migrations under an advisory lock before anything else starts.
 */
@Module({})
export class PersistenceModule {
  static forRoot(options: ServiceDatabaseOptions): DynamicModule {
    return {
      module: PersistenceModule,
      global: true,
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: () => serviceDataSourceOptions(options),
          dataSourceFactory: async (dataSourceOptions) => {
            if (!dataSourceOptions) throw new Error('no data source options');
            await ensureDatabaseExists(options.url);
            const dataSource = await new DataSource(dataSourceOptions).initialize();
            const applied = await runMigrationsWithLock(dataSource, options.schema);
            if (applied > 0)
              new Logger('Persistence').debug(
                `${applied} migration(s) applied to ${options.schema}`,
              );
            return dataSource;
          },
        }),
      ],
      providers: [DatabaseReadiness],
      exports: [DatabaseReadiness],
    };
  }
}
