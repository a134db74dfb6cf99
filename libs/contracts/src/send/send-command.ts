import { Type } from 'class-transformer';
import {
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  ValidateNested,
  IsBoolean,
} from 'class-validator';
import { SendScope } from '../common/tenant-scope';
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
export class SendCommand extends SendScope {
  @IsISO8601()
  receivedAt!: string;

  @ValidateNested()
  @Type(() => SendOriginDto)
  origin!: SendOriginDto;

  @IsNotEmpty()
  @ValidateNested()
  @Type(() => SendDto)
  body!: SendDto;

  /** Marks a scheduled send the scheduler put on SENDS because it is due. */
  @IsOptional()
  @IsBoolean()
  releasedFromSchedule?: boolean;
}
