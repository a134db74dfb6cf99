import { DynamicModule, Module } from '@nestjs/common';
import { PersistenceModule } from '@clarion/persistence';
import { messagingFor } from '@clarion/runtime';
import { RegistrationsEnv } from './registrations.env';

/** The registrations service: its own schema and its NATS handlers (features arrive with their issues). */
@Module({})
export class RegistrationsModule {
  static forRoot(env: RegistrationsEnv): DynamicModule {
    return {
      module: RegistrationsModule,
      imports: [
        PersistenceModule.forRoot({
          url: env.DATABASE_URL,
          schema: 'registrations',
          entities: [],
          migrations: [],
        }),
        messagingFor('registrations', env),
      ],
    };
  }
}
