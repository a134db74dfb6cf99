import { Logger } from '@nestjs/common';
import { VoiceEnv } from '../voice.env';
import { VoiceSettings } from '../voice.settings';
import { SandboxVoiceProvider } from './sandbox/sandbox-voice.provider';
import { TwilioVoiceProvider } from './twilio/twilio-voice.provider';
import { VoiceProvider } from './voice-provider';

/** Twilio when VOICE_PROVIDER=twilio (its credentials are then required), the sandbox otherwise. */
export function voiceProviderOf(env: VoiceEnv, settings: VoiceSettings): VoiceProvider {
  const { TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN } = env;
  if (env.VOICE_PROVIDER === 'twilio' && TWILIO_ACCOUNT_SID && TWILIO_AUTH_TOKEN) {
    return new TwilioVoiceProvider({
      baseUrl: env.TWILIO_BASE_URL,
      accountSid: TWILIO_ACCOUNT_SID,
      authToken: TWILIO_AUTH_TOKEN,
      statusCallbackUrl: settings.statusCallbackUrl,
    });
  }
  new Logger('VoiceProvider').debug(
    'No voice provider is configured (VOICE_PROVIDER): the sandbox plays every call and says so in its record',
  );
  return new SandboxVoiceProvider();
}
