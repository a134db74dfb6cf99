import { IsInt, IsNotEmpty, IsOptional, IsString, Max, Min } from 'class-validator';
import { TenantScope } from '../common/tenant-scope';

/** Identifies one end user of one environment. */
export class EndUserRef extends TenantScope {
  @IsString()
  @IsNotEmpty()
  userId!: string;
}

export class ListInboxRequest extends EndUserRef {
  @IsOptional()
  @IsString()
  before?: string;

  @IsInt()
  @Min(1)
  @Max(100)
  count!: number;
}
