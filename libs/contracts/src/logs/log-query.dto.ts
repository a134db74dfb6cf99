import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateNested,
  ValidationArguments,
} from 'class-validator';
import { ChannelLogName } from '../common/channel.enum';
import { LogRecordDto } from './log-record';

/** The channels `channelFilter` takes (records.md LogQueryPostBodyChannelFilterEnum). */
export const LOG_QUERY_CHANNELS = [
  'email',
  'inapp',
  'sms',
  'call',
  'web_push',
  'mobile_push',
  'slack',
] as const satisfies readonly ChannelLogName[];
export type LogQueryChannel = (typeof LOG_QUERY_CHANNELS)[number];

/**
 * The steps `statusFilter` takes. A channel step matches a record with `<channel>_<step>_at` on
 * any channel (on the `channelFilter` channels when that is given): `sent`, `delivered`, `failed`
 * (also a send that failed as a whole, `failed_at`), `opened` and `clicked` (email), `inbound`
 * (email and SMS), `replied`, `unsubscribe` and `subscribe` (SMS). `ignored` matches a send the
 * pipeline ignored (`ignored`), `scheduled` one sent with a schedule (`scheduled_for`).
 */
export const LOG_QUERY_STATUSES = [
  'sent',
  'delivered',
  'failed',
  'opened',
  'clicked',
  'inbound',
  'replied',
  'unsubscribe',
  'subscribe',
  'ignored',
  'scheduled',
] as const;
export type LogQueryStatus = (typeof LOG_QUERY_STATUSES)[number];

/** A query answers at most this many records, the newest. */
export const LOG_QUERY_MAX_RESULTS = 1_000;

export const LOG_QUERY_STATES = ['Running', 'Complete', 'Failed'] as const;
export type LogQueryState = (typeof LOG_QUERY_STATES)[number];

/** Timestamps above this are milliseconds, below it seconds (1e12 s is the year 33658). */
const MILLISECONDS_FROM = 1e12;
/** 9999-12-31T23:59:59.999Z, the latest time a query takes. */
export const LATEST_EPOCH_MS = 253_402_300_799_999;

/** A unix timestamp of `dateRangeFilter` in milliseconds: seconds, or milliseconds above 1e12. */
export function toEpochMs(timestamp: number): number {
  return Math.min(timestamp > MILLISECONDS_FROM ? timestamp : timestamp * 1000, LATEST_EPOCH_MS);
}

/**
 * The inclusive range of received times `dateRangeFilter` asks for, in milliseconds. An end in
 * seconds covers its whole second.
 */
export function receivedRangeOf([start, end]: number[]): { fromMs: number; toMs: number } {
  const toMs = end === undefined ? LATEST_EPOCH_MS : toEpochMs(end);
  const wholeSecond = end !== undefined && end <= MILLISECONDS_FROM ? 999 : 0;
  return { fromMs: toEpochMs(start ?? 0), toMs: Math.min(toMs + wholeSecond, LATEST_EPOCH_MS) };
}

function unknownValues(args: ValidationArguments, known: readonly string[]): string {
  const values: unknown[] = Array.isArray(args.value) ? args.value : [args.value];
  return values
    .filter((value) => !known.includes(value as string))
    .map((value) => JSON.stringify(value))
    .join(', ');
}

/** Checks only the order; the shape of the pair is checked by the other constraints. */
function IsOrderedRange(): PropertyDecorator {
  return ValidateBy({
    name: 'isOrderedRange',
    validator: {
      validate: (value: unknown) =>
        !Array.isArray(value) ||
        value.length !== 2 ||
        typeof value[0] !== 'number' ||
        typeof value[1] !== 'number' ||
        toEpochMs(value[0]) <= toEpochMs(value[1]),
      defaultMessage: (args) =>
        `${args?.property ?? 'dateRangeFilter'} must not end before it starts`,
    },
  });
}

/** Body of POST /logs/query (records.md LogQueryPostBody); every filter given must match. */
export class LogQueryDto {
  @ApiPropertyOptional({
    type: [Number],
    minItems: 2,
    maxItems: 2,
    example: [1763712000, 1763798400],
    description:
      'Received between [start, end], inclusive: unix timestamps in seconds (values above 1e12 are taken as milliseconds).',
  })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(2, { message: 'dateRangeFilter must be [start, end]' })
  @ArrayMaxSize(2, { message: 'dateRangeFilter must be [start, end]' })
  @IsNumber(
    { allowNaN: false, allowInfinity: false },
    { each: true, message: 'dateRangeFilter must hold unix timestamps (numbers)' },
  )
  @Min(0, { each: true, message: 'dateRangeFilter must not hold a time before 1970' })
  @Max(LATEST_EPOCH_MS, { each: true, message: 'dateRangeFilter must not hold a time after 9999' })
  @IsOrderedRange()
  dateRangeFilter?: number[];

  @ApiPropertyOptional({ description: 'Sends to this user id.' })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  userFilter?: string;

  @ApiPropertyOptional({ type: [String], description: 'Sends of these environments.' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsUUID('all', { each: true })
  envIdFilter?: string[];

  @ApiPropertyOptional({
    enum: LOG_QUERY_STATUSES,
    description:
      'Sends that reached this step: sent, delivered, failed, opened, clicked, inbound, replied, unsubscribe, subscribe (on any channel, or on those of channelFilter), ignored (by the pipeline), scheduled (sent with a schedule).',
  })
  @IsOptional()
  @IsIn(LOG_QUERY_STATUSES, {
    message: (args) =>
      `statusFilter ${unknownValues(args, LOG_QUERY_STATUSES)} is not a step; use one of ${LOG_QUERY_STATUSES.join(', ')}`,
  })
  statusFilter?: LogQueryStatus;

  @ApiPropertyOptional({
    enum: LOG_QUERY_CHANNELS,
    isArray: true,
    description: 'Sends routed to any of these channels.',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(LOG_QUERY_CHANNELS.length)
  @IsIn(LOG_QUERY_CHANNELS, {
    each: true,
    message: (args) =>
      `channelFilter has an unknown channel ${unknownValues(args, LOG_QUERY_CHANNELS)}; use ${LOG_QUERY_CHANNELS.join(', ')}`,
  })
  channelFilter?: LogQueryChannel[];

  @ApiPropertyOptional({ type: [String], description: 'Sends of these notification types.' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @MaxLength(500, { each: true })
  notificationFilter?: string[];

  @ApiPropertyOptional({ type: [String], description: 'Sends with these trackingIds.' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsUUID('all', { each: true, message: 'trackingIds must hold trackingIds (UUIDs)' })
  trackingIds?: string[];
}

/** Answer of POST /logs/query: poll GET /logs/query/{queryId} for the result. */
export class LogQueryResponseDto {
  @ApiProperty()
  queryId!: string;
}

/** Answer of GET /logs/query/{queryId} (records.md LogsQueryResultResponse). */
export class LogQueryResultResponseDto {
  @ApiProperty({ enum: LOG_QUERY_STATES })
  status!: LogQueryState;

  @ApiPropertyOptional({
    type: [LogRecordDto],
    description: `When Complete: the matching records, newest first, at most ${LOG_QUERY_MAX_RESULTS}.`,
  })
  logs?: LogRecordDto[];

  @ApiPropertyOptional({ description: 'Says when the result was cut at the limit.' })
  message?: string;

  @ApiPropertyOptional({ description: 'Why the query failed, when Failed.' })
  error?: string;
}

export class StartLogQueryRequest {
  @IsUUID()
  accountId!: string;

  @ValidateNested()
  @Type(() => LogQueryDto)
  filters!: LogQueryDto;
}

/** Asks for a query's result from `offset` on; a page holds what fits in one NATS message. */
export class LogQueryResultRequest {
  @IsUUID()
  accountId!: string;

  /** As the caller wrote it: an id that is not a UUID is simply not found. */
  @IsString()
  @MaxLength(200)
  queryId!: string;

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(LOG_QUERY_MAX_RESULTS)
  offset?: number;
}

/** One page of a result; the gateway asks again from `nextOffset` while it is set. */
export class LogQueryResultPage extends LogQueryResultResponseDto {
  nextOffset?: number;
}
