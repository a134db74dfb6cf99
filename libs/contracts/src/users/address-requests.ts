import { IsBoolean, IsNotEmpty, IsOptional, IsString } from 'class-validator';
import { TenantScope } from '../common/tenant-scope';

/** A number texted STOP (optedOut) or START to the environment's sender. */
export class SetSmsOptOutRequest extends TenantScope {
  @IsString()
  @IsNotEmpty()
  number!: string;

  @IsBoolean()
  optedOut!: boolean;

  @IsString()
  @IsNotEmpty()
  keyword!: string;
}

/** A provider said one of the user's push addresses is dead: remove it from the user. */
export class RemoveDeadAddressRequest extends TenantScope {
  @IsString()
  @IsNotEmpty()
  userId!: string;

  @IsOptional()
  @IsString()
  pushToken?: string;

  @IsOptional()
  @IsString()
  webPushEndpoint?: string;
}
