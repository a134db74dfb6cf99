import { Type } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Min,
  MinLength,
  ValidateIf,
} from 'class-validator';
import { DatabaseEnv, withHealthPort, IsProductionSecret } from '@clarion/config';
import { MINUTE_PRICES_FORMAT } from './charges/minute-prices';

/** Public: refused under NODE_ENV=production. */
const DEVELOPMENT_VOICE_MEDIA_SECRET = 'clarion-development-voice-media-secret';

export class VoiceEnv extends withHealthPort(DatabaseEnv, 3106) {
  /** Base URL of the gateway as providers reach it; media websockets and callbacks hang off it. */
  @Matches(/^https?:\/\//, { message: 'PUBLIC_URL must be an http(s) URL' })
  PUBLIC_URL = 'http://localhost:3000';

  /** `twilio` places and answers calls at Twilio; unset, the sandbox plays every call. */
  @IsOptional()
  @IsIn(['twilio', 'sandbox'], { message: 'VOICE_PROVIDER must be twilio or sandbox' })
  VOICE_PROVIDER?: 'twilio' | 'sandbox';

  /** Twilio's REST API origin, or any Twilio-compatible one. */
  @Matches(/^https?:\/\//, { message: 'TWILIO_BASE_URL must be an http(s) URL' })
  TWILIO_BASE_URL = 'https://api.twilio.com';

  @ValidateIf((env: VoiceEnv) => env.VOICE_PROVIDER === 'twilio')
  @IsString({ message: 'TWILIO_ACCOUNT_SID is required when VOICE_PROVIDER is twilio' })
  TWILIO_ACCOUNT_SID?: string;

  @ValidateIf((env: VoiceEnv) => env.VOICE_PROVIDER === 'twilio')
  @IsString({ message: 'TWILIO_AUTH_TOKEN is required when VOICE_PROVIDER is twilio' })
  TWILIO_AUTH_TOKEN?: string;

  /** Where this replica serves call media websockets (the gateway forwards /voice/media/* here). */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  VOICE_MEDIA_PORT = 3010;

  /** Signs the token in each call's websocket URL; the same value on every voice replica. */
  @IsString()
  @MinLength(16, { message: 'VOICE_MEDIA_SECRET must be at least 16 characters' })
  @IsProductionSecret(DEVELOPMENT_VOICE_MEDIA_SECRET)
  VOICE_MEDIA_SECRET = DEVELOPMENT_VOICE_MEDIA_SECRET;

  /** Outbound addresses the agents' http_request tools may reach besides public ones (CIDRs). */
  @IsOptional()
  @IsString()
  OUTBOUND_ALLOW_CIDRS?: string;

  /** OpenAI (or compatible): realtime speech-to-speech models and chat models. */
  @IsOptional()
  @IsString()
  OPENAI_API_KEY?: string;

  @Matches(/^https?:\/\//, { message: 'OPENAI_BASE_URL must be an http(s) URL' })
  OPENAI_BASE_URL = 'https://api.openai.com/v1';

  /** Deepgram: streaming speech-to-text and Aura text-to-speech. */
  @IsOptional()
  @IsString()
  DEEPGRAM_API_KEY?: string;

  @Matches(/^https?:\/\//, { message: 'DEEPGRAM_BASE_URL must be an http(s) URL' })
  DEEPGRAM_BASE_URL = 'https://api.deepgram.com';

  /** ElevenLabs: text-to-speech. */
  @IsOptional()
  @IsString()
  ELEVENLABS_API_KEY?: string;

  @Matches(/^https?:\/\//, { message: 'ELEVENLABS_BASE_URL must be an http(s) URL' })
  ELEVENLABS_BASE_URL = 'https://api.elevenlabs.io';

  /** How often each replica tries a purge of call records older than 30 days; one at a time runs. */
  @Type(() => Number)
  @IsInt()
  @Min(1_000)
  VOICE_PURGE_EVERY_MS = 3_600_000;

  /** What an account pays per started minute of a connected call, by source (USD). */
  @Matches(MINUTE_PRICES_FORMAT, {
    message: 'VOICE_MINUTE_PRICES must look like pstn=0.015,web=0.005',
  })
  VOICE_MINUTE_PRICES = 'pstn=0.015,web=0.005';

  /** How often each replica tries a round of charging ended calls; one at a time runs. */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  VOICE_CHARGES_EVERY_MS = 5_000;
}
