import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { BaseEnv } from '@clarion/config';

export class GatewayEnv extends BaseEnv {
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(65535)
  GATEWAY_PORT = 3000;

  /** Largest accepted request body, in bytes. */
  @Type(() => Number)
  @IsInt()
  @Min(1024)
  BODY_LIMIT_BYTES: number = 10 * 1024 * 1024;

  /** How long a resolved API key or client is trusted before billing is asked again. */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  AUTH_CACHE_TTL_MS = 30_000;

  /** Sustained requests per second each API key may make (token bucket refill rate). */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  RATE_LIMIT_PER_SECOND = 5_000;

  /** Requests a key may make at once before the rate applies (token bucket size). */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  RATE_LIMIT_BURST = 10_000;

  /** Base URL of this gateway as providers and recipients reach it (callbacks, tracking links). */
  @Matches(/^https?:\/\//, { message: 'PUBLIC_URL must be an http(s) URL' })
  PUBLIC_URL = 'http://localhost:3000';

  /** Verifies tracking and unsubscribe links; delivery-workers sign them with the same secret. */
  @IsString()
  TRACKING_SECRET = 'clarion-development-tracking-secret';

  /** The voice service's media websocket server; /voice/media/* upgrades are forwarded there. */
  @Matches(/^https?:\/\//, { message: 'VOICE_MEDIA_URL must be an http(s) URL' })
  VOICE_MEDIA_URL = 'http://127.0.0.1:3010';

  /** Checks the X-Twilio-Signature of Twilio's callbacks; unset means no Twilio callbacks. */
  @IsOptional()
  @IsString()
  TWILIO_AUTH_TOKEN?: string;

  /** Address ranges customer URLs (the events webhook) may resolve to although private. */
  @IsString()
  OUTBOUND_ALLOW_CIDRS = '';
}
