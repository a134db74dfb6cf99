import { DynamicModule, Module } from '@nestjs/common';
import { PersistenceModule } from '@clarion/persistence';
import { messagingFor } from '@clarion/runtime';
import { VoiceEnv } from './voice.env';

/** The voice service: its own schema and its NATS handlers (features arrive with their issues). */
@Module({})
export class VoiceModule {
  static forRoot(env: VoiceEnv): DynamicModule {
    return {
      module: VoiceModule,
      imports: [
        PersistenceModule.forRoot({
          url: env.DATABASE_URL,
          schema: 'voice',
          entities: [],
          migrations: [],
        }),
        messagingFor('voice', env),
      ],
    };
  }
}
