import { DynamicModule, Module } from '@nestjs/common';
import { messagingFor } from '@clarion/runtime';
import { AccountsService } from './accounts/accounts.service';
import { ApiKeysHandlers } from './api-keys/api-keys.handlers';
import { ApiKeysRepository } from './api-keys/api-keys.repository';
import { ApiKeysService } from './api-keys/api-keys.service';
import { BillingDataModule } from './billing-data.module';
import { BillingEnv } from './billing.env';
import { EnvironmentsHandlers } from './environments/environments.handlers';
import { EnvironmentsRepository } from './environments/environments.repository';
import { EnvironmentsService } from './environments/environments.service';

@Module({})
export class BillingModule {
  static forRoot(env: BillingEnv): DynamicModule {
    return {
      module: BillingModule,
      imports: [BillingDataModule.forRoot(env.DATABASE_URL), messagingFor('billing', env)],
      providers: [
        AccountsService,
        ApiKeysRepository,
        ApiKeysHandlers,
        ApiKeysService,
        EnvironmentsRepository,
        EnvironmentsHandlers,
        EnvironmentsService,
      ],
    };
  }
}
