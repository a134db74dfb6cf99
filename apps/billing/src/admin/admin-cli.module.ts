import { DynamicModule, Module } from '@nestjs/common';
import { AccountsService } from '../accounts/accounts.service';
import { BillingDataModule } from '../billing-data.module';

/** What the admin command line needs: the billing schema and its services, no NATS. */
@Module({})
export class AdminCliModule {
  static forRoot(databaseUrl: string): DynamicModule {
    return {
      module: AdminCliModule,
      imports: [BillingDataModule.forRoot(databaseUrl)],
      providers: [AccountsService],
    };
  }
}
