import { IsJSON, IsOptional } from 'class-validator';
import { DatabaseEnv, withHealthPort } from '@clarion/config';

export class BillingEnv extends withHealthPort(DatabaseEnv, 3101) {
  /** Price per delivered message by channel, in USD (see usage/price-table.ts for the defaults). */
  @IsOptional()
  @IsJSON()
  PRICE_TABLE?: string;
}
