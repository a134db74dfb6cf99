import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  ValidateNested,
} from 'class-validator';
import { EndUserRef } from './inbox-requests';
import { IsPlainObject } from '../validation/is-plain-object.decorator';

/** Body of PATCH /user/inapp/unread: one notification, one type, or (neither) all. */
export class InappMarkSeenDto {
  @ApiPropertyOptional({
    description: 'Mark every notification of this type as seen.',
    example: 'welcome',
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  notificationId?: string;

  @ApiPropertyOptional({ description: 'Mark this notification as seen.' })
  @IsOptional()
  @IsUUID()
  trackingId?: string;
}

export class InappReplyInputDto {
  @ApiProperty()
  @IsISO8601()
  date!: string;

  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  message!: string;
}

/** Body of PATCH /user/inapp: status times (ISO 8601) of one or more notifications. */
export class InappStatusUpdateDto {
  @ApiProperty({ type: [String], example: ['01968a2e-6f1c-7b3a-9d0e-2f4c5a6b7c8d'] })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @IsUUID('all', { each: true })
  trackingIds!: string[];

  @ApiPropertyOptional({ example: '2026-05-04T09:30:00Z' })
  @IsOptional()
  @IsISO8601()
  opened?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsISO8601()
  clicked?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsISO8601()
  archived?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsISO8601()
  actioned1?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsISO8601()
  actioned2?: string;

  @ApiPropertyOptional({ type: InappReplyInputDto, description: 'Appended to the replies.' })
  @IsOptional()
  @ValidateNested()
  @Type(() => InappReplyInputDto)
  reply?: InappReplyInputDto;

  @ApiPropertyOptional({ type: [InappReplyInputDto], description: 'Replaces the replies.' })
  @IsOptional()
  @IsArray()
  @IsPlainObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => InappReplyInputDto)
  replies?: InappReplyInputDto[];
}

export class MarkSeenRequest extends EndUserRef {
  @ValidateNested()
  @Type(() => InappMarkSeenDto)
  target!: InappMarkSeenDto;
}

export class UpdateInappStatusRequest extends EndUserRef {
  @ValidateNested()
  @Type(() => InappStatusUpdateDto)
  update!: InappStatusUpdateDto;
}
