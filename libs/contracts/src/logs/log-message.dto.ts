import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';

export class LogMessageMediaDto {
  @ApiProperty()
  url!: string;
}

/** One entry of GET /logs (records.md GetLogsResponseMessagesInner): a step of a send. */
export class LogMessageDto {
  @ApiProperty()
  trackingId!: string;

  @ApiProperty({
    example: 'SMS_INBOUND',
    description: 'EMAIL_SENT, EMAIL_OPEN, SMS_INBOUND, SEND_PROCESSED, …',
  })
  eventType!: string;

  @ApiProperty()
  timestamp!: string;

  @ApiProperty()
  epochMs!: number;

  @ApiPropertyOptional()
  from?: string;

  @ApiPropertyOptional({ type: [String] })
  to?: string[];

  @ApiPropertyOptional()
  bodyText?: string;

  @ApiPropertyOptional({ type: [LogMessageMediaDto] })
  media?: LogMessageMediaDto[];

  @ApiPropertyOptional()
  messageId?: string;
}

export class LogMessagesResponseDto {
  @ApiProperty({ type: [LogMessageDto] })
  messages!: LogMessageDto[];

  @ApiPropertyOptional({ description: 'Pass as `cursor` for the next (older) page' })
  nextCursor?: string;
}

export const DEFAULT_LOGS_PAGE = 50;
export const MAX_LOGS_PAGE = 500;

/** Query of GET /logs. */
export class LogsPageQueryDto {
  @ApiPropertyOptional({ default: DEFAULT_LOGS_PAGE, maximum: MAX_LOGS_PAGE })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_LOGS_PAGE)
  limit?: number;

  @ApiPropertyOptional({ description: 'nextCursor of the previous page' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  cursor?: string;
}

export class LogsPageRequest {
  @IsUUID()
  accountId!: string;

  @IsInt()
  @Min(1)
  @Max(MAX_LOGS_PAGE)
  limit!: number;

  @IsOptional()
  @IsString()
  cursor?: string;
}

export class LogsTailRequest {
  @IsUUID()
  accountId!: string;
}

export const LOGS_TAIL_SIZE = 100;
