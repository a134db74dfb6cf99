import { IsInt, IsNotEmpty, IsOptional, IsString, IsUUID, Max, Min } from 'class-validator';

/** Identifies one end user of one environment. */
export class EndUserRef {
  @IsUUID()
  accountId!: string;

  @IsUUID()
  envId!: string;

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
