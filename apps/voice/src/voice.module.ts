import { DynamicModule, Module } from '@nestjs/common';
import { OutboundGuard } from '@clarion/outbound';
import { PersistenceModule } from '@clarion/persistence';
import { messagingFor } from '@clarion/runtime';
import { AgentsHandlers } from './agents/agents.handlers';
import { AgentsRepository } from './agents/agents.repository';
import { AgentsService } from './agents/agents.service';
import { NumberBindings } from './agents/number-bindings';
import { CallsHandlers } from './calls/calls.handlers';
import { CallsRepository } from './calls/calls.repository';
import { CallsService } from './calls/calls.service';
import { CallCharges } from './charges/call-charges';
import { CallChargesRepository } from './charges/call-charges.repository';
import { CreateVoiceTables1795600000000 } from './migrations/1795600000000-create-voice-tables';
import { AddCallMediaAttachment1795700000000 } from './migrations/1795700000000-add-call-media-attachment';
import { AddCallCharges1795800000000 } from './migrations/1795800000000-add-call-charges';
import { CallTexts } from './media/call-texts';
import { MediaServer } from './media/media-server';
import { SpeechModels } from './media/models/speech-models';
import { OldCallsPurger } from './purge/old-calls-purger';
import { VOICE_PROVIDER } from './telephony/voice-provider';
import { voiceProviderOf } from './telephony/voice-provider.factory';
import { VoiceEnv } from './voice.env';
import { VoiceSettings } from './voice.settings';

/** The voice service: agents, their numbers (kept by the numbers service), calls and records. */
@Module({})
export class VoiceModule {
  static forRoot(env: VoiceEnv): DynamicModule {
    const settings = VoiceSettings.of(env);
    return {
      module: VoiceModule,
      imports: [
        PersistenceModule.forRoot({
          url: env.DATABASE_URL,
          region: env.CLARION_REGION,
          schema: 'voice',
          entities: [],
          migrations: [
            CreateVoiceTables1795600000000,
            AddCallMediaAttachment1795700000000,
            AddCallCharges1795800000000,
          ],
        }),
        messagingFor('voice', env),
      ],
      providers: [
        { provide: VoiceEnv, useValue: env },
        { provide: VoiceSettings, useValue: settings },
        // A factory, so that its notice is written by the service's logger, not Nest's default one.
        { provide: VOICE_PROVIDER, useFactory: () => voiceProviderOf(env, settings) },
        { provide: SpeechModels, useValue: SpeechModels.of(env) },
        { provide: OutboundGuard, useValue: OutboundGuard.fromAllowList(env.OUTBOUND_ALLOW_CIDRS) },
        MediaServer,
        CallTexts,
        AgentsHandlers,
        AgentsRepository,
        AgentsService,
        NumberBindings,
        CallsHandlers,
        CallsRepository,
        CallsService,
        OldCallsPurger,
        CallChargesRepository,
        CallCharges,
      ],
    };
  }
}
