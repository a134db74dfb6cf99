import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PersistenceModule } from '@clarion/persistence';
import { DeploymentRegion, deploymentRegionProvider } from './regions/deployment-region';
import { BILLING_ENTITIES, BILLING_MIGRATIONS, BILLING_SCHEMA } from './billing.entities';

/**
 * The billing schema, shared by the service and the admin command line, in the database of the
 * region they serve.
 */
@Module({})
export class BillingDataModule {
  static forRoot(databaseUrl: string, region: string): DynamicModule {
    return {
      module: BillingDataModule,
      global: true,
      imports: [
        PersistenceModule.forRoot({
          url: databaseUrl,
          schema: BILLING_SCHEMA,
          entities: BILLING_ENTITIES,
          migrations: BILLING_MIGRATIONS,
          region,
        }),
        TypeOrmModule.forFeature(BILLING_ENTITIES),
      ],
      providers: [deploymentRegionProvider(region)],
      exports: [TypeOrmModule, DeploymentRegion],
    };
  }
}
