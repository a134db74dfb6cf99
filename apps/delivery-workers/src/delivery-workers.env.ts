import { Type } from 'class-transformer';
import { IsInt, IsNotEmpty, IsOptional, IsString, Matches, Min, ValidateIf } from 'class-validator';
import {
  DatabaseEnv,
  DEVELOPMENT_TRACKING_SECRET,
  IsProductionSecret,
  withHealthPort,
} from '@clarion/config';
import { DEVELOPMENT_MASTER_KEYS, IsMasterKeys } from '@clarion/secrets';

/** Comma-separated `name=number` pairs, e.g. `email=200,sms=100`. */
const PAIRS = /^(\s*[a-z_]+\s*=\s*\d+\s*)(,\s*[a-z_]+\s*=\s*\d+\s*)*$|^$/;

/** Comma-separated durations with a unit, e.g. `5s,5m,30m,2h`. */
const RETRY_SCHEDULE = /^\s*\d+\s*(ms|s|m|h)\s*(,\s*\d+\s*(ms|s|m|h)\s*)*$/;

/** The Standard Webhooks retry schedule: after 5 s, 5 min, 30 min, 2, 5, 10, 14, 20 and 24 h. */
export const DEFAULT_WEBHOOK_RETRY_SCHEDULE = '5s,5m,30m,2h,5h,10h,14h,20h,24h';

export class DeliveryWorkersEnv extends withHealthPort(DatabaseEnv, 3103) {
  /** Base URL of the gateway as providers and recipients reach it (callbacks, tracking links). */
  @Matches(/^https?:\/\//, { message: 'PUBLIC_URL must be an http(s) URL' })
  PUBLIC_URL = 'http://localhost:3000';

  /** Signs tracking and unsubscribe links; the gateway verifies them with the same secret. */
  @IsString()
  @IsProductionSecret(DEVELOPMENT_TRACKING_SECRET)
  TRACKING_SECRET = DEVELOPMENT_TRACKING_SECRET;

  /**
   * Master keys that seal provider private keys at rest (push credentials): `<id>:<base64 of 32
   * bytes>`, comma-separated; the first seals, every one opens. The default is a public
   * development key, refused under NODE_ENV=production.
   */
  @IsMasterKeys()
  SECRETS_MASTER_KEYS = DEVELOPMENT_MASTER_KEYS;

  /** The operator's SMTP relay, e.g. smtp://user:pass@relay:587; unset means the email sandbox. */
  @IsOptional()
  @Matches(/^smtps?:\/\//, { message: 'SMTP_URL must be an smtp:// or smtps:// URL' })
  SMTP_URL?: string;

  /** The built-in sender, used when a send names none or one on an unverified domain. */
  @IsString()
  EMAIL_FROM_ADDRESS = 'notifications@clarion.localhost';

  @IsString()
  EMAIL_FROM_NAME = 'Clarion';

  /**
   * Domains a send may use as its sender address (comma-separated): the operator's override,
   * beside the sender domains accounts add and verify through /domains (which are DKIM-signed).
   */
  @IsString()
  EMAIL_VERIFIED_DOMAINS = '';

  /** What a sender domain's SPF record must include (`include:<this>`); the relay's SPF record. */
  @IsString()
  @IsNotEmpty()
  EMAIL_SPF_INCLUDE = '_spf.clarion.localhost';

  /** The bounce host a sender domain's return-path subdomain points its MX record at. */
  @IsString()
  @IsNotEmpty()
  EMAIL_RETURN_PATH_HOST = 'bounces.clarion.localhost';

  /** The domain of built-in inbox addresses (`<prefix>@<this>`); its MX points at the inbound listener. */
  @IsString()
  @IsNotEmpty()
  EMAIL_INBOUND_DOMAIN = 'inbox.clarion.localhost';

  /**
   * Where Clarion receives mail (SMTP): replies and inbox mail, bounces, delivery receipts and
   * complaints. The MX of the inbox and return-path domains points at this listener; 0 picks a
   * free port.
   */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  EMAIL_INBOUND_PORT = 2525;

  /** The largest message the listener accepts (bytes; announced as SIZE, larger is a 552). */
  @Type(() => Number)
  @IsInt()
  @Min(1024)
  EMAIL_INBOUND_MAX_BYTES = 10 * 1024 * 1024;

  /**
   * The bytes of messages the listener is receiving and has not yet stored, all connections
   * together: past it, a new message is answered 452 (the sender retries later). Streamed to the
   * blob store, so this bounds what a slow store leaves in memory; at least EMAIL_INBOUND_MAX_BYTES.
   */
  @Type(() => Number)
  @IsInt()
  @Min(1024)
  EMAIL_INBOUND_MAX_BYTES_IN_FLIGHT = 128 * 1024 * 1024;

  /** A client that sends nothing for this long is disconnected (421; RFC 5321 section 4.5.3.2). */
  @Type(() => Number)
  @IsInt()
  @Min(1000)
  EMAIL_INBOUND_IDLE_TIMEOUT_MS = 30_000;

  /** Open connections one client address may hold (one replica); more are answered 421. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  EMAIL_INBOUND_MAX_CONNECTIONS_PER_CLIENT = 20;

  /** Messages (MAIL FROM) one client address may start per minute (one replica); more get 450. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  EMAIL_INBOUND_MAX_MESSAGES_PER_CLIENT_PER_MINUTE = 600;

  /**
   * DNS servers sender domains are verified against (`host[:port]`, comma-separated); empty means
   * the system's resolvers.
   */
  @Matches(/^$|^\s*[\w.:[\]-]+\s*(,\s*[\w.:[\]-]+\s*)*$/, {
    message: 'DNS_SERVERS must be comma-separated host[:port] entries',
  })
  DNS_SERVERS = '';

  @Matches(/^https?:\/\//)
  TWILIO_BASE_URL = 'https://api.twilio.com';

  @IsOptional()
  @IsString()
  TWILIO_ACCOUNT_SID?: string;

  @IsOptional()
  @IsString()
  TWILIO_AUTH_TOKEN?: string;

  /** The shared sender number (E.164); with the SID and token it turns the SMS sandbox off. */
  @IsOptional()
  @IsString()
  TWILIO_FROM_NUMBER?: string;

  @Matches(/^https?:\/\//)
  FCM_BASE_URL = 'https://fcm.googleapis.com';

  @Matches(/^https?:\/\//)
  GOOGLE_OAUTH_TOKEN_URL = 'https://oauth2.googleapis.com/token';

  /** Overrides the APNs host for both environments (e.g. a test peer). */
  @IsOptional()
  @Matches(/^https:\/\//, { message: 'APNS_HOST must be an https:// URL' })
  APNS_HOST?: string;

  @Matches(/^https?:\/\//)
  SLACK_API_URL = 'https://slack.com/api';

  /**
   * The deployment's Slack app (its Basic Information page), for POST /users/{id}/slack-oauth
   * to trade "Add to Slack" codes; unset, that operation answers 501. Both or neither.
   */
  @ValidateIf((env: DeliveryWorkersEnv) => env.SLACK_CLIENT_SECRET !== undefined)
  @IsString()
  @IsNotEmpty({ message: 'SLACK_CLIENT_ID must be set with SLACK_CLIENT_SECRET' })
  SLACK_CLIENT_ID?: string;

  @ValidateIf((env: DeliveryWorkersEnv) => env.SLACK_CLIENT_ID !== undefined)
  @IsString()
  @IsNotEmpty({ message: 'SLACK_CLIENT_SECRET must be set with SLACK_CLIENT_ID' })
  SLACK_CLIENT_SECRET?: string;

  /** Contact the push services see in VAPID tokens. */
  @Matches(/^(mailto:|https:\/\/)/)
  VAPID_SUBJECT = 'mailto:operator@clarion.localhost';

  /** Address ranges the outbound-URL guard lets through (comma-separated CIDRs). */
  @IsString()
  OUTBOUND_ALLOW_CIDRS = '';

  /** Messages in flight per channel and process, e.g. `email=256,sms=256`. */
  @Matches(PAIRS, { message: 'DELIVERY_CONCURRENCY must look like email=256,sms=128' })
  DELIVERY_CONCURRENCY = '';

  /** Requests per second per provider and process, e.g. `twilio=100,slack=1`; unset is unlimited. */
  @Matches(PAIRS, { message: 'PROVIDER_RATE_LIMITS must look like twilio=100,smtp=50' })
  PROVIDER_RATE_LIMITS = '';

  /** How long a transient failure is retried before the message is dead-lettered. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  DELIVERY_RETRY_FOR_SECONDS = 24 * 60 * 60;

  /**
   * Delays between attempts to deliver an event to a customer's events webhook (each ±10%):
   * comma-separated durations with a unit (`ms`, `s`, `m`, `h`), the Standard Webhooks schedule
   * by default; after the last one the event is given up.
   */
  @Matches(RETRY_SCHEDULE, { message: 'WEBHOOK_RETRY_SCHEDULE must look like 5s,5m,30m,2h' })
  WEBHOOK_RETRY_SCHEDULE = DEFAULT_WEBHOOK_RETRY_SCHEDULE;

  /** Events webhook requests in flight at once, per process. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  WEBHOOK_CONCURRENCY = 256;
}

/** Parses `name=number` pairs into a map. */
export function numbersByName(value: string): Map<string, number> {
  return new Map(
    value
      .split(',')
      .map((pair) => pair.split('=').map((part) => part.trim()))
      .filter((parts): parts is [string, string] => parts.length === 2 && parts[0] !== '')
      .map(([name, number]) => [name, Number(number)]),
  );
}
