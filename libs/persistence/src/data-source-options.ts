import { DataSourceOptions, MixedList, EntitySchema } from 'typeorm';

export interface ServiceDatabaseOptions {
  url: string;
  /** The service's own schema; no other service reads it. */
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's own type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's own type
  migrations: MixedList<Function | string>;
  poolSize?: number;
  /**
   * The region the service serves (CLARION_REGION): the database is stamped with it on first
   * boot, and a database stamped with another region refuses the service (see region-stamp.ts).
   */
  region?: string;
}

/** TypeORM options for one service: its schema, its migrations table, never synchronize. */
export function serviceDataSourceOptions(options: ServiceDatabaseOptions): DataSourceOptions {
  return {
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    entities: options.entities,
    migrations: options.migrations,
    migrationsTableName: 'migrations',
    synchronize: false,
    migrationsRun: false,
    logging: ['error'],
    extra: { max: options.poolSize ?? 10, application_name: `clarion-${options.schema}` },
  };
}
