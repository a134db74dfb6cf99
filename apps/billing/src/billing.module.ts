import { DynamicModule, Module } from '@nestjs/common';
import { messagingFor } from '@clarion/runtime';
import { AccountsHandlers } from './accounts/accounts.handlers';
import { AccountsService } from './accounts/accounts.service';
import { LoginFailures } from './auth/login-failures';
import { SessionsHandlers } from './auth/sessions.handlers';
import { MfaHandlers } from './profile/mfa.handlers';
import { MembersHandlers } from './members/members.handlers';
import { AutoJoinService } from './members/auto-join.service';
import { MembersService } from './members/members.service';
import { OrganizationsHandlers } from './organizations/organizations.handlers';
import { inviteLifetimeProvider } from './members/invite-lifetime';
import { MfaService } from './profile/mfa.service';
import { ProfileService } from './profile/profile.service';
import { DeliveryUsageConsumer } from './usage/delivery-usage.consumer';
import { UsageChargesConsumer } from './usage/usage-charges.consumer';
import { UsageMeter } from './usage/usage-meter';
import { priceTableProvider } from './usage/price-table.provider';
import { UsageLimitsService } from './usage/usage-limits.service';
import { UsageRepository } from './usage/usage.repository';
import { UsageReportsHandlers } from './usage/usage-reports.handlers';
import { SessionsService } from './auth/sessions.service';
import { ApiKeysHandlers } from './api-keys/api-keys.handlers';
import { ApiKeysRepository } from './api-keys/api-keys.repository';
import { ApiKeysService } from './api-keys/api-keys.service';
import { BillingDataModule } from './billing-data.module';
import { BillingEnv } from './billing.env';
import { EnvironmentsHandlers } from './environments/environments.handlers';
import { EnvironmentsRepository } from './environments/environments.repository';
import { EnvironmentsService } from './environments/environments.service';
import { NatsRegionStamp } from './regions/nats-region-stamp';

@Module({})
export class BillingModule {
  static forRoot(env: BillingEnv): DynamicModule {
    return {
      module: BillingModule,
      imports: [
        BillingDataModule.forRoot(env.DATABASE_URL, env.CLARION_REGION),
        messagingFor('billing', env),
      ],
      providers: [
        AccountsHandlers,
        AccountsService,
        LoginFailures,
        MfaHandlers,
        MfaService,
        MembersHandlers,
        MembersService,
        AutoJoinService,
        OrganizationsHandlers,
        inviteLifetimeProvider(env.INVITE_TTL_HOURS),
        ProfileService,
        SessionsHandlers,
        SessionsService,
        DeliveryUsageConsumer,
        UsageChargesConsumer,
        UsageMeter,
        priceTableProvider(env.PRICE_TABLE),
        UsageLimitsService,
        UsageRepository,
        UsageReportsHandlers,
        ApiKeysRepository,
        ApiKeysHandlers,
        ApiKeysService,
        EnvironmentsRepository,
        EnvironmentsHandlers,
        EnvironmentsService,
        NatsRegionStamp,
      ],
    };
  }
}
