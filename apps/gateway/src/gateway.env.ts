import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, Min, MinLength } from 'class-validator';
import {
  BaseEnv,
  DEVELOPMENT_TRACKING_SECRET,
  IsProductionSecret,
  withHealthPort,
} from '@clarion/config';

/** Public: refused under NODE_ENV=production. */
const DEVELOPMENT_STREAM_TOKEN_SECRET = 'clarion-development-stream-token-secret';

/** Probes and metrics on HEALTH_PORT (3100), apart from the public API. */
export class GatewayEnv extends withHealthPort(BaseEnv, 3100) {
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

  /** Sustained requests per second each end user (clientId and userId) may make on /user/…. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  END_USER_RATE_LIMIT_PER_SECOND = 10;

  /** Requests an end user may make at once before their rate applies. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  END_USER_RATE_LIMIT_BURST = 50;

  /** Failed authentications per minute a client address may keep making (refill rate). */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  AUTH_FAILURE_LIMIT_PER_MINUTE = 30;

  /** Failed authentications an address may make at once before its requests are refused (429). */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  AUTH_FAILURE_BURST = 20;

  /**
   * Credentials not seen valid that an address over its failure budget may still have looked up,
   * per minute: a valid key from an address someone else floods is served, and the flood costs
   * billing at most this many lookups. Failing ones answer 429.
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  AUTH_LIMITED_LOOKUPS_PER_MINUTE = 30;

  /**
   * Which X-Forwarded-For entries to believe for a client's address (failed authentications are
   * limited per address): `true` any (the leftmost entry, which a client can forge unless every
   * request passes a proxy that overwrites the header), `false` none (the connection's address),
   * a number of proxy hops in front (`1`: the address the ingress saw), or the proxies' addresses
   * and CIDRs, comma-separated. By default none: only a deployment knows its proxies.
   */
  @Matches(/^(true|false|\d+|[0-9A-Fa-f.:/, ]+)$/, {
    message: 'TRUST_PROXY must be true, false, a hop count or proxy addresses/CIDRs',
  })
  TRUST_PROXY = 'false';

  /**
   * Base URL of this gateway as clients, providers and recipients reach it: the server of the
   * OpenAPI document, callbacks, tracking links.
   */
  @Matches(/^https?:\/\//, { message: 'PUBLIC_URL must be an http(s) URL' })
  PUBLIC_URL = 'http://localhost:3000';

  /** Verifies tracking and unsubscribe links; delivery-workers sign them with the same secret. */
  @IsString()
  @IsProductionSecret(DEVELOPMENT_TRACKING_SECRET)
  TRACKING_SECRET = DEVELOPMENT_TRACKING_SECRET;

  /**
   * Signs the short-lived tokens of POST /user/inapp/stream-token (a browser's EventSource cannot
   * send an Authorization header); the same value on every gateway replica.
   */
  @IsString()
  @MinLength(16, { message: 'STREAM_TOKEN_SECRET must be at least 16 characters' })
  @IsProductionSecret(DEVELOPMENT_STREAM_TOKEN_SECRET)
  STREAM_TOKEN_SECRET = DEVELOPMENT_STREAM_TOKEN_SECRET;

  /** Open in-app streams (GET /user/inapp/stream) this replica holds at most; beyond, 503. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  STREAMS_MAX = 10_000;

  /**
   * Open in-app streams of one environment on this replica; beyond, 429. Unset: a quarter of
   * STREAMS_MAX, so one tenant (its clientId is public) cannot take every stream.
   */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  STREAMS_PER_ENVIRONMENT?: number;

  /**
   * Open in-app streams from one client address (see TRUST_PROXY) on this replica; beyond, 429.
   * Unset: a tenth of STREAMS_MAX.
   */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  STREAMS_PER_ADDRESS?: number;

  /** Open in-app streams of one end user on this replica; a new one closes the oldest. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  STREAMS_PER_USER = 5;

  /** How long an in-app stream lives before it asks its client to reconnect (idle ones too). */
  @Type(() => Number)
  @IsInt()
  @Min(1_000)
  STREAM_MAX_LIFETIME_MS = 30 * 60_000;

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
