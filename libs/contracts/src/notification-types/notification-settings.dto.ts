import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsEnum,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { Channel } from '../common/channel.enum';
import { IsOmittable } from '../validation/is-omittable.decorator';
import { NotificationOptionsDto } from './channel-options.dto';

export const THROTTLING_UNITS = ['seconds', 'minutes', 'hours', 'days', 'months', 'years'] as const;
export type ThrottlingUnit = (typeof THROTTLING_UNITS)[number];
export const THROTTLING_SCOPES = ['userId', 'notificationId'] as const;
export type ThrottlingScope = (typeof THROTTLING_SCOPES)[number];

export class DeduplicationDto {
  @ApiProperty({
    description: 'Seconds during which the same content to the same user is sent once',
  })
  @IsInt()
  @Min(1)
  @Max(31_536_000)
  duration!: number;
}

export class ThrottlingDto {
  @ApiProperty({ description: 'Sends allowed per period' })
  @IsInt()
  @Min(1)
  max!: number;

  @ApiProperty()
  @IsInt()
  @Min(1)
  period!: number;

  @ApiProperty({ enum: THROTTLING_UNITS })
  @IsIn(THROTTLING_UNITS)
  unit!: ThrottlingUnit;

  @ApiProperty({ description: 'Count forever instead of per period' })
  @IsBoolean()
  forever!: boolean;

  @ApiProperty({ enum: THROTTLING_SCOPES, isArray: true })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayUnique()
  @IsIn(THROTTLING_SCOPES, { each: true })
  scope!: ThrottlingScope[];
}

/** The settings of a notification type that can be changed (spec 2.11); all optional. */
export class NotificationSettingsPatchDto {
  @ApiPropertyOptional({ example: 'Welcome' })
  @IsOmittable()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  title?: string;

  @ApiPropertyOptional({
    enum: Channel,
    isArray: true,
    example: [Channel.EMAIL, Channel.INAPP_WEB],
  })
  @IsOmittable()
  @IsArray()
  @ArrayUnique()
  @IsEnum(Channel, { each: true })
  channels?: Channel[];

  @ApiPropertyOptional()
  @IsOmittable()
  @IsBoolean()
  enabled?: boolean;

  @ApiPropertyOptional({ type: DeduplicationDto, nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => DeduplicationDto)
  deduplication?: DeduplicationDto | null;

  @ApiPropertyOptional({ type: ThrottlingDto, nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => ThrottlingDto)
  throttling?: ThrottlingDto | null;

  @ApiPropertyOptional({ nullable: true, description: 'Days to keep logs of this type' })
  @IsOptional()
  @IsInt()
  @Min(1)
  retention?: number | null;

  @ApiPropertyOptional({ type: NotificationOptionsDto })
  @IsOmittable()
  @ValidateNested()
  @Type(() => NotificationOptionsDto)
  options?: NotificationOptionsDto;
}

/** Body of POST /types (NotificationCreateRequest, with any other setting of 2.11). */
export class NotificationCreateDto extends NotificationSettingsPatchDto {
  @ApiProperty({ example: 'welcome' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  notificationId!: string;
}
