import { DynamicModule, Module } from '@nestjs/common';
import { PersistenceModule } from '@clarion/persistence';
import { messagingFor } from '@clarion/runtime';
import { BrandsHandlers } from './brands/brands.handlers';
import { BrandsRepository } from './brands/brands.repository';
import { BrandsService } from './brands/brands.service';
import { CampaignsHandlers } from './campaigns/campaigns.handlers';
import { CampaignsRepository } from './campaigns/campaigns.repository';
import { CampaignsService } from './campaigns/campaigns.service';
import { CARRIER_REGISTRAR } from './carriers/carrier-registrar';
import { CarrierSubmissionsRepository } from './carriers/carrier-submissions.repository';
import { SandboxCarrierRegistrar } from './carriers/sandbox-carrier-registrar';
import { CreateRegistrationsTables1795500000000 } from './migrations/1795500000000-create-registrations-tables';
import { RegistrationsEnv } from './registrations.env';
import { RegistrationStatesRepository } from './review/registration-states.repository';
import { ReviewHandlers } from './review/review.handlers';
import { ReviewService } from './review/review.service';
import { AuditRelay } from './status-changes/audit-relay';
import { StatusChangesRepository } from './status-changes/status-changes.repository';

/**
 * The registrations service: US 10DLC brand and campaign registrations, their workflow, operator
 * review and carrier submission (the sandbox carrier until a real adapter is configured).
 */
@Module({})
export class RegistrationsModule {
  static forRoot(env: RegistrationsEnv): DynamicModule {
    return {
      module: RegistrationsModule,
      imports: [
        PersistenceModule.forRoot({
          url: env.DATABASE_URL,
          region: env.CLARION_REGION,
          schema: 'registrations',
          entities: [],
          migrations: [CreateRegistrationsTables1795500000000],
        }),
        messagingFor('registrations', env),
      ],
      providers: [
        AuditRelay,
        BrandsHandlers,
        BrandsRepository,
        BrandsService,
        CampaignsHandlers,
        CampaignsRepository,
        CampaignsService,
        CarrierSubmissionsRepository,
        { provide: CARRIER_REGISTRAR, useClass: SandboxCarrierRegistrar },
        RegistrationStatesRepository,
        ReviewHandlers,
        ReviewService,
        StatusChangesRepository,
      ],
    };
  }
}
