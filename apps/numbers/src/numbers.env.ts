import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Min } from 'class-validator';
import { DatabaseEnv, withHealthPort } from '@clarion/config';

/** `country=price` pairs in USD per month, `*` for every other country: `US=1.15,AU=3,*=1.15`. */
const PRICES = /^\s*([A-Z]{2}|\*)\s*=\s*\d+(\.\d+)?\s*(,\s*([A-Z]{2}|\*)\s*=\s*\d+(\.\d+)?\s*)*$/;

export class NumbersEnv extends withHealthPort(DatabaseEnv, 3105) {
  /** Twilio's REST API origin, or any Twilio-compatible one. */
  @Matches(/^https?:\/\//, { message: 'TWILIO_BASE_URL must be an http(s) URL' })
  TWILIO_BASE_URL = 'https://api.twilio.com';

  /** With TWILIO_AUTH_TOKEN: numbers are searched, bought and released at Twilio; else the sandbox. */
  @IsOptional()
  @IsString()
  TWILIO_ACCOUNT_SID?: string;

  @IsOptional()
  @IsString()
  TWILIO_AUTH_TOKEN?: string;

  /** The shared sender number (`sharedNumber` of GET /numbers/list); never sold to an account. */
  @IsOptional()
  @IsString()
  TWILIO_FROM_NUMBER?: string;

  /** What an account pays per number and month, by country (USD). */
  @Matches(PRICES, { message: 'NUMBER_MONTHLY_PRICES must look like US=1.15,AU=3,*=1.15' })
  NUMBER_MONTHLY_PRICES = '*=1.15';

  /** How often each replica tries a purge of numbers released 2 weeks ago; one at a time runs. */
  @Type(() => Number)
  @IsInt()
  @Min(1_000)
  NUMBERS_PURGE_EVERY_MS = 3_600_000;

  /** How often each replica tries to charge the numbers whose month began; one at a time runs. */
  @Type(() => Number)
  @IsInt()
  @Min(1_000)
  NUMBER_FEES_EVERY_MS = 3_600_000;
}
