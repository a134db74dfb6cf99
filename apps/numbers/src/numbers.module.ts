import { DynamicModule, Module } from '@nestjs/common';
import { PersistenceModule } from '@clarion/persistence';
import { messagingFor } from '@clarion/runtime';
import { NumbersEnv } from './numbers.env';

/** The numbers service: its own schema and its NATS handlers (features arrive with their issues). */
@Module({})
export class NumbersModule {
  static forRoot(env: NumbersEnv): DynamicModule {
    return {
      module: NumbersModule,
      imports: [
        PersistenceModule.forRoot({
          url: env.DATABASE_URL,
          schema: 'numbers',
          entities: [],
          migrations: [],
        }),
        messagingFor('numbers', env),
      ],
    };
  }
}
