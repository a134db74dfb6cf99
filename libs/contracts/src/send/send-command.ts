import { Type } from 'class-transformer';
import {
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  ValidateNested,
} from 'class-validator';
import { SendDto } from './send.dto';

/** Where an accepted send came from, for its log record. */
export class SendOriginDto {
  @IsOptional()
  @IsString()
  ip?: string;

  @IsOptional()
  @IsString()
  agent?: string;

  @IsOptional()
  @IsString()
  clientId?: string;
}

/** An accepted send, as the gateway stores it in the SENDS stream. */
export class SendCommand {
  @IsUUID()
  trackingId!: string;

  @IsUUID()
  accountId!: string;

  @IsUUID()
  envId!: string;

  @IsISO8601()
  receivedAt!: string;

  @ValidateNested()
  @Type(() => SendOriginDto)
  origin!: SendOriginDto;

  @IsNotEmpty()
  @ValidateNested()
  @Type(() => SendDto)
  body!: SendDto;
}
