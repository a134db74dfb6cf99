import { Type } from 'class-transformer';
import { IsInt, IsJSON, IsOptional, Max, Min } from 'class-validator';
import { DatabaseEnv, withHealthPort } from '@clarion/config';
import { DEFAULT_INVITE_TTL_HOURS } from './members/invite-lifetime';

export class BillingEnv extends withHealthPort(DatabaseEnv, 3101) {
  /** Price per delivered message by channel, in USD (see usage/price-table.ts for the defaults). */
  @IsOptional()
  @IsJSON()
  PRICE_TABLE?: string;

  /** Hours an invitation can be redeemed once made; at most a year. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(365 * 24)
  INVITE_TTL_HOURS = DEFAULT_INVITE_TTL_HOURS;
}
