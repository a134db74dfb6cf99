import { DynamicModule, Module } from '@nestjs/common';
import { AccountsService } from '../accounts/accounts.service';
import { BillingDataModule } from '../billing-data.module';
import { BillingEnv } from '../billing.env';
import { inviteLifetimeProvider } from '../members/invite-lifetime';

/** What the admin command line needs: the billing schema and its services, no NATS. */
@Module({})
export class AdminCliModule {
  static forRoot(
    env: Pick<BillingEnv, 'DATABASE_URL' | 'INVITE_TTL_HOURS' | 'CLARION_REGION'>,
  ): DynamicModule {
    return {
      module: AdminCliModule,
      imports: [BillingDataModule.forRoot(env.DATABASE_URL, env.CLARION_REGION)],
      providers: [AccountsService, inviteLifetimeProvider(env.INVITE_TTL_HOURS)],
    };
  }
}
