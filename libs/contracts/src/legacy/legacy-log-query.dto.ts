import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsEmpty,
  IsEnum,
  IsIn,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { Channel } from '../common/channel.enum';
import { LATEST_EPOCH_MS, LOG_QUERY_STATUSES, LogQueryStatus } from '../logs/log-query.dto';

/** The statuses of the hosted service's log queries, as Clarion's steps (case does not matter). */
export const LEGACY_LOG_STATUSES: Readonly<Record<string, LogQueryStatus>> = {
  ...Object.fromEntries(LOG_QUERY_STATUSES.map((status) => [status, status])),
  success: 'sent',
  failure: 'failed',
};

const lowerCased = ({ value }: { value: unknown }) =>
  Array.isArray(value)
    ? value.map((item: unknown) => (typeof item === 'string' ? item.toLowerCase() : item))
    : value;

export class LegacyDateRangeDto {
  @ApiPropertyOptional({ description: 'Unix timestamp (seconds, or milliseconds above 1e12).' })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(LATEST_EPOCH_MS)
  startTime?: number;

  @ApiPropertyOptional({ description: 'Unix timestamp (seconds, or milliseconds above 1e12).' })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(LATEST_EPOCH_MS)
  endTime?: number;
}

/**
 * Body of the hosted service's `POST /{clientId}/logs/query` (notificationapi-node-server-sdk
 * `queryLogs`): the filters of POST /logs/query in the shapes that SDK sends.
 */
export class LegacyLogQueryDto {
  @IsOptional()
  @ValidateNested()
  @Type(() => LegacyDateRangeDto)
  dateRangeFilter?: LegacyDateRangeDto;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @MaxLength(500, { each: true })
  notificationFilter?: string[];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(Object.keys(Channel).length)
  @IsEnum(Channel, { each: true })
  channelFilter?: Channel[];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1, { message: 'userFilter takes one userId: a query finds the sends to one user' })
  @IsString({ each: true })
  @MaxLength(500, { each: true })
  userFilter?: string[];

  @IsOptional()
  @Transform(lowerCased)
  @IsArray()
  @ArrayMaxSize(1, { message: 'statusFilter takes one status' })
  @IsIn(Object.keys(LEGACY_LOG_STATUSES), {
    each: true,
    message: `statusFilter takes one of ${Object.keys(LEGACY_LOG_STATUSES).join(', ')}`,
  })
  statusFilter?: string[];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsUUID('all', { each: true, message: 'trackingIds must hold trackingIds (UUIDs)' })
  trackingIds?: string[];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @MaxLength(200, { each: true })
  envIdFilter?: string[];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(0, {
    message:
      'requestFilter matches the stored request in the hosted service only; filter by notificationFilter, userFilter or trackingIds',
  })
  requestFilter?: string[];

  @IsEmpty({
    message:
      'customFilter is a query of the hosted service’s log store, which Clarion does not have; use the other filters',
  })
  customFilter?: string;
}
