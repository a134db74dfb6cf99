import { DynamicModule, Logger, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { serviceDataSourceOptions, ServiceDatabaseOptions } from './data-source-options';
import { DatabasePoolMetrics } from './database-pool-metrics';
import { DatabaseReadiness } from './database-readiness';
import { ensureDatabaseExists } from './ensure-database';
import { assertDatabaseRegion, DatabaseOfAnotherRegionError } from './region-stamp';
import { runMigrationsWithLock } from './run-migrations';

/** A refused database is closed before the error stops the boot, so no pool lingers. */
async function stampedOrRefused(dataSource: DataSource, region: string): Promise<void> {
  try {
    await assertDatabaseRegion(dataSource, region);
  } catch (error) {
    await dataSource.destroy();
    throw error;
  }
}

/**
 * PostgreSQL for one service: creates the database if needed, connects, checks (or stamps) the
 * region whose data it holds, and runs the service's migrations under an advisory lock before
 * anything else starts.
 */
@Module({})
export class PersistenceModule {
  static forRoot(options: ServiceDatabaseOptions): DynamicModule {
    return {
      module: PersistenceModule,
      global: true,
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: () => ({
            ...serviceDataSourceOptions(options),
            // Connection failures are retried; a database of another region never gets better.
            toRetry: (error: unknown) => !(error instanceof DatabaseOfAnotherRegionError),
          }),
          dataSourceFactory: async (dataSourceOptions) => {
            if (!dataSourceOptions) throw new Error('no data source options');
            await ensureDatabaseExists(options.url);
            const dataSource = await new DataSource(dataSourceOptions).initialize();
            if (options.region !== undefined) await stampedOrRefused(dataSource, options.region);
            const applied = await runMigrationsWithLock(dataSource, options.schema);
            if (applied > 0)
              new Logger('Persistence').debug(
                `${applied} migration(s) applied to ${options.schema}`,
              );
            return dataSource;
          },
        }),
      ],
      providers: [DatabaseReadiness, DatabasePoolMetrics],
      exports: [DatabaseReadiness],
    };
  }
}
