import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsEnum,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Min,
  ValidateNested,
} from 'class-validator';
import { DeliveryOption } from './delivery-option.enum';

const HOUR = /^([01]\d|2[0-3]):[0-5]\d$|^([01]?\d|2[0-3])$/;
const HOUR_MESSAGE = '$property must be an hour of the day such as 09:00 or 17';
export const WEEKDAYS = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;

export class DeliveryOptionToggleDto {
  @ApiProperty()
  @IsBoolean()
  enabled!: boolean;
}

export class InstantInappOptionDto extends DeliveryOptionToggleDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  batching?: boolean;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  batchingKey?: string;

  @ApiPropertyOptional({
    description:
      'Milliseconds a batch stays open after its first send (default 60000 when batching is on).',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  batchingWindow?: number;
}

export class DailyOptionDto extends DeliveryOptionToggleDto {
  @ApiPropertyOptional({ example: '09:00' })
  @IsOptional()
  @Matches(HOUR, { message: HOUR_MESSAGE })
  hour?: string;
}

export class WeeklyOptionDto extends DailyOptionDto {
  @ApiPropertyOptional({ enum: WEEKDAYS })
  @IsOptional()
  @IsIn(WEEKDAYS)
  day?: string;
}

export class MonthlyOptionDto extends DailyOptionDto {
  @ApiPropertyOptional({ enum: ['first', 'last'] })
  @IsOptional()
  @IsIn(['first', 'last'])
  date?: 'first' | 'last';
}

/** Delivery options of one channel of a type (spec 2.11, all channels except INAPP_WEB). */
export class ChannelOptionsDto {
  @ApiProperty({ enum: DeliveryOption })
  @IsEnum(DeliveryOption)
  defaultDeliveryOption!: DeliveryOption;

  @ApiPropertyOptional()
  @IsOptional()
  @ValidateNested()
  @Type(() => DeliveryOptionToggleDto)
  off?: DeliveryOptionToggleDto;

  @ApiPropertyOptional()
  @IsOptional()
  @ValidateNested()
  @Type(() => InstantInappOptionDto)
  instant?: InstantInappOptionDto;

  @ApiPropertyOptional()
  @IsOptional()
  @ValidateNested()
  @Type(() => DeliveryOptionToggleDto)
  hourly?: DeliveryOptionToggleDto;

  @ApiPropertyOptional()
  @IsOptional()
  @ValidateNested()
  @Type(() => DailyOptionDto)
  daily?: DailyOptionDto;

  @ApiPropertyOptional()
  @IsOptional()
  @ValidateNested()
  @Type(() => WeeklyOptionDto)
  weekly?: WeeklyOptionDto;

  @ApiPropertyOptional()
  @IsOptional()
  @ValidateNested()
  @Type(() => MonthlyOptionDto)
  monthly?: MonthlyOptionDto;
}

/** Delivery options of the in-app channel: off or instant (optionally batched). */
export class InappChannelOptionsDto {
  @ApiProperty({ enum: [DeliveryOption.OFF, DeliveryOption.INSTANT] })
  @IsIn([DeliveryOption.OFF, DeliveryOption.INSTANT])
  defaultDeliveryOption!: DeliveryOption.OFF | DeliveryOption.INSTANT;

  @ApiPropertyOptional()
  @IsOptional()
  @ValidateNested()
  @Type(() => DeliveryOptionToggleDto)
  off?: DeliveryOptionToggleDto;

  @ApiPropertyOptional()
  @IsOptional()
  @ValidateNested()
  @Type(() => InstantInappOptionDto)
  instant?: InstantInappOptionDto;
}

/** Options per channel, keyed by channel (spec 2.11 `options`). */
export class NotificationOptionsDto {
  @ApiPropertyOptional()
  @IsOptional()
  @ValidateNested()
  @Type(() => ChannelOptionsDto)
  EMAIL?: ChannelOptionsDto;

  @ApiPropertyOptional()
  @IsOptional()
  @ValidateNested()
  @Type(() => InappChannelOptionsDto)
  INAPP_WEB?: InappChannelOptionsDto;

  @ApiPropertyOptional()
  @IsOptional()
  @ValidateNested()
  @Type(() => ChannelOptionsDto)
  SMS?: ChannelOptionsDto;

  @ApiPropertyOptional()
  @IsOptional()
  @ValidateNested()
  @Type(() => ChannelOptionsDto)
  CALL?: ChannelOptionsDto;

  @ApiPropertyOptional()
  @IsOptional()
  @ValidateNested()
  @Type(() => ChannelOptionsDto)
  VOICE?: ChannelOptionsDto;

  @ApiPropertyOptional()
  @IsOptional()
  @ValidateNested()
  @Type(() => ChannelOptionsDto)
  PUSH?: ChannelOptionsDto;

  @ApiPropertyOptional()
  @IsOptional()
  @ValidateNested()
  @Type(() => ChannelOptionsDto)
  WEB_PUSH?: ChannelOptionsDto;

  @ApiPropertyOptional()
  @IsOptional()
  @ValidateNested()
  @Type(() => ChannelOptionsDto)
  SLACK?: ChannelOptionsDto;
}
