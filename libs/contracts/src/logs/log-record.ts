import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsUUID } from 'class-validator';

/**
 * The log record of one send (records.md, LogsGetResponseLogsInner). Fields are flat and
 * snake_case per channel; each service's events fill in their part.
 */
export class LogRecordDto {
  @ApiProperty()
  trackingId!: string;

  @ApiProperty()
  accountId!: string;

  @ApiPropertyOptional()
  envId?: string;

  @ApiPropertyOptional()
  clientId?: string;

  @ApiPropertyOptional()
  type?: string;

  @ApiPropertyOptional()
  received_at?: string;

  @ApiPropertyOptional()
  processed_at?: string;

  @ApiPropertyOptional()
  user_id?: string;

  @ApiPropertyOptional()
  user_email?: string;

  @ApiPropertyOptional()
  user_number?: string;

  @ApiPropertyOptional()
  inapp_routing?: string;

  @ApiPropertyOptional()
  inapp_preview?: string;

  @ApiPropertyOptional()
  inapp_sent_at?: string;

  @ApiPropertyOptional()
  inapp_sent_after?: number;

  @ApiPropertyOptional()
  inapp_delivered_at?: string;

  @ApiPropertyOptional()
  inapp_delivered_after?: number;

  @ApiPropertyOptional()
  inapp_failed_at?: string;

  @ApiPropertyOptional()
  inapp_failed_code?: string;

  [field: string]: unknown;
}

export class LogRecordsResponseDto {
  @ApiProperty({ type: [LogRecordDto] })
  logs!: LogRecordDto[];
}

export const MAX_TRACKING_IDS_PER_LOOKUP = 25;

export class LogsByTrackingIdsRequest {
  @IsUUID()
  accountId!: string;

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_TRACKING_IDS_PER_LOOKUP)
  @IsUUID('all', { each: true })
  trackingIds!: string[];
}
