import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Min, ValidateIf } from 'class-validator';
import { DatabaseEnv, withHealthPort } from '@clarion/config';

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

  /** How often each replica tries a purge of call records older than 30 days; one at a time runs. */
  @Type(() => Number)
  @IsInt()
  @Min(1_000)
  VOICE_PURGE_EVERY_MS = 3_600_000;
}
