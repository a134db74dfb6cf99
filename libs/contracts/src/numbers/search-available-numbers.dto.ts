import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  IsArray,
  IsIn,
  IsInt,
  IsISO31661Alpha2,
  IsOptional,
  IsUUID,
  Matches,
  Max,
  Min,
} from 'class-validator';
import {
  DEFAULT_NUMBER_SEARCH_LIMIT,
  MAX_NUMBER_SEARCH_LIMIT,
  NUMBER_FEATURES,
  NumberFeature,
  NumbersProviderName,
} from './phone-number-rules';

const COUNTRY_CODE_MESSAGE = 'countryCode must be an ISO 3166-1 alpha-2 country code such as US';
const AREA_CODE = /^\d{1,6}$/;
const AREA_CODE_MESSAGE = 'areaCode must be 1 to 6 digits';
const FEATURES_MESSAGE = `each of features must be one of ${NUMBER_FEATURES.join(', ')}`;

/** `features=sms,voice` (or repeated `features=`), lower-cased, trimmed, without repeats. */
function featuresOf(value: unknown): unknown {
  if (value === undefined) return undefined;
  const parts = (Array.isArray(value) ? value : [value]).flatMap((part) =>
    typeof part === 'string' ? part.split(',') : [part],
  );
  const names = parts
    .map((part) => (typeof part === 'string' ? part.trim().toLowerCase() : part))
    .filter((part) => part !== '');
  return [...new Set(names)];
}

function upperCased(value: unknown): unknown {
  return typeof value === 'string' ? value.trim().toUpperCase() : value;
}

/** Query of GET /numbers/available (NumbersSearchAvailable). */
export class SearchAvailableNumbersQueryDto {
  @ApiProperty({ example: 'US', description: 'ISO 3166-1 alpha-2 country code' })
  @Transform(({ value }) => upperCased(value))
  @IsISO31661Alpha2({ message: COUNTRY_CODE_MESSAGE })
  countryCode!: string;

  @ApiPropertyOptional({ example: '415', description: 'National destination or area code' })
  @IsOptional()
  @Matches(AREA_CODE, { message: AREA_CODE_MESSAGE })
  areaCode?: string;

  @ApiPropertyOptional({
    type: String,
    example: 'sms,voice',
    description: `Comma-separated features every result has: ${NUMBER_FEATURES.join(', ')}`,
  })
  @IsOptional()
  @Transform(({ value }) => featuresOf(value))
  @IsArray()
  @IsIn(NUMBER_FEATURES, { each: true, message: FEATURES_MESSAGE })
  features?: NumberFeature[];

  @ApiPropertyOptional({
    default: DEFAULT_NUMBER_SEARCH_LIMIT,
    minimum: 1,
    maximum: MAX_NUMBER_SEARCH_LIMIT,
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_NUMBER_SEARCH_LIMIT)
  limit?: number;
}

/** The numbers service's search: a validated query with its defaults applied. */
export class SearchAvailableNumbersRequest {
  @IsUUID()
  accountId!: string;

  @IsISO31661Alpha2({ message: COUNTRY_CODE_MESSAGE })
  countryCode!: string;

  @IsOptional()
  @Matches(AREA_CODE, { message: AREA_CODE_MESSAGE })
  areaCode?: string;

  @IsArray()
  @IsIn(NUMBER_FEATURES, { each: true, message: FEATURES_MESSAGE })
  features!: NumberFeature[];

  @IsInt()
  @Min(1)
  @Max(MAX_NUMBER_SEARCH_LIMIT)
  limit!: number;
}

/** A number that can be ordered (records.md SearchAvailablePhoneNumbersResponseNumbersInner). */
export class AvailablePhoneNumberDto {
  @ApiProperty({ example: '+14155550123', description: 'E.164' })
  phoneNumber!: string;

  @ApiPropertyOptional({ example: 'San Francisco' })
  locality?: string;

  @ApiPropertyOptional({ example: 'CA', description: 'State, province or region' })
  administrativeArea?: string;

  @ApiPropertyOptional({ example: 'local', description: 'e.g. local, toll_free' })
  phoneNumberType?: string;

  @ApiPropertyOptional({ enum: NUMBER_FEATURES, isArray: true, example: ['sms', 'voice'] })
  features?: NumberFeature[];

  @ApiProperty({ example: 1.15, description: 'USD per month once ordered' })
  monthlyPrice!: number;
}

export class SearchAvailablePhoneNumbersResponseDto {
  @ApiProperty({ type: [AvailablePhoneNumberDto] })
  numbers!: AvailablePhoneNumberDto[];

  @ApiProperty({
    enum: ['twilio', 'sandbox'],
    description: 'Who sells these numbers; `sandbox` numbers are generated and never bought',
  })
  provider!: NumbersProviderName;
}
