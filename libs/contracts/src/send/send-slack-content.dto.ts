import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  ValidateNested,
} from 'class-validator';
import { IsPlainObject } from '../validation/is-plain-object.decorator';

export class SlackExternalRefDto {
  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  id!: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  type?: string;
}

export class SlackMetadataEntityDto {
  @ApiProperty()
  @IsString()
  entity_type!: string;

  @ApiProperty({ type: 'object', additionalProperties: true })
  @IsPlainObject()
  entity_payload!: Record<string, unknown>;

  @ApiProperty({ type: SlackExternalRefDto })
  @ValidateNested()
  @Type(() => SlackExternalRefDto)
  external_ref!: SlackExternalRefDto;

  @ApiProperty()
  @IsString()
  url!: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  app_unfurl_url?: string;
}

export class SlackMetadataDto {
  @ApiPropertyOptional({ type: [SlackMetadataEntityDto] })
  @IsOptional()
  @IsArray()
  @IsPlainObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => SlackMetadataEntityDto)
  entities?: SlackMetadataEntityDto[];

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  event_type?: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  @IsOptional()
  @IsPlainObject()
  event_payload?: Record<string, unknown>;
}

/** Slack content of a send (Slack Web API chat.postMessage fields). */
export class SendSlackContentDto {
  @ApiProperty({ description: 'Fallback plain text.' })
  @IsString()
  @IsNotEmpty()
  text!: string;

  @ApiPropertyOptional({ type: 'array', items: { type: 'object' } })
  @IsOptional()
  @IsArray()
  @IsPlainObject({ each: true })
  blocks?: Record<string, unknown>[];

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  username?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  icon?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  thread_ts?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  reply_broadcast?: boolean;

  @ApiPropertyOptional({ enum: ['full', 'none'] })
  @IsOptional()
  @IsIn(['full', 'none'])
  parse?: 'full' | 'none';

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  link_names?: boolean;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  mrkdwn?: boolean;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  unfurl_links?: boolean;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  unfurl_media?: boolean;

  @ApiPropertyOptional({ type: SlackMetadataDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => SlackMetadataDto)
  metadata?: SlackMetadataDto;
}
