import { DynamicModule, Module } from '@nestjs/common';
import { PersistenceModule } from '@clarion/persistence';
import { messagingFor } from '@clarion/runtime';
import { A2pCampaignsConsumer } from './a2p/a2p-campaigns.consumer';
import { A2pCampaignsRepository } from './a2p/a2p-campaigns.repository';
import { NumberFees } from './fees/number-fees';
import { NumberFeesRepository } from './fees/number-fees.repository';
import { CreatePhoneNumbers1795500000000 } from './migrations/1795500000000-create-phone-numbers';
import { AddNumberCharges1795800000000 } from './migrations/1795800000000-add-number-charges';
import { AddA2pCampaigns1795900000000 } from './migrations/1795900000000-add-a2p-campaigns';
import { NumbersEnv } from './numbers.env';
import { NumbersSettings } from './numbers.settings';
import { PhoneNumbersHandlers } from './phone-numbers/phone-numbers.handlers';
import { PhoneNumbersRepository } from './phone-numbers/phone-numbers.repository';
import { PhoneNumbersService } from './phone-numbers/phone-numbers.service';
import { NUMBERS_PROVIDER } from './provider/numbers-provider';
import { numbersProviderOf } from './provider/numbers-provider.factory';
import { ReleasedNumbersPurger } from './purge/released-numbers-purger';

/** The numbers service: phone numbers of accounts, bought from a provider (or the sandbox). */
@Module({})
export class NumbersModule {
  static forRoot(env: NumbersEnv): DynamicModule {
    return {
      module: NumbersModule,
      imports: [
        PersistenceModule.forRoot({
          url: env.DATABASE_URL,
          region: env.CLARION_REGION,
          schema: 'numbers',
          entities: [],
          migrations: [
            CreatePhoneNumbers1795500000000,
            AddNumberCharges1795800000000,
            AddA2pCampaigns1795900000000,
          ],
        }),
        messagingFor('numbers', env),
      ],
      providers: [
        { provide: NumbersEnv, useValue: env },
        { provide: NumbersSettings, useValue: NumbersSettings.of(env) },
        {
          provide: NUMBERS_PROVIDER,
          inject: [PhoneNumbersRepository],
          useFactory: (repository: PhoneNumbersRepository) =>
            numbersProviderOf(env, (phoneNumbers) => repository.heldAmong(phoneNumbers)),
        },
        PhoneNumbersHandlers,
        PhoneNumbersRepository,
        PhoneNumbersService,
        ReleasedNumbersPurger,
        NumberFees,
        A2pCampaignsConsumer,
        A2pCampaignsRepository,
        NumberFeesRepository,
      ],
    };
  }
}
