import './telemetry';
import { loadEnv } from '@clarion/config';
import { runService } from '@clarion/runtime';
import { VoiceEnv } from './voice.env';
import { VoiceModule } from './voice.module';

const env = loadEnv(VoiceEnv);
void runService({
  name: 'voice',
  module: VoiceModule.forRoot(env),
  env,
  healthPort: env.HEALTH_PORT,
});
