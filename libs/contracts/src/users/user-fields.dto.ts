import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsArray,
  IsEmail,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsTimeZone,
  ValidateNested,
} from 'class-validator';
import { IsOmittable } from '../validation/is-omittable.decorator';
import { IsPlainObject } from '../validation/is-plain-object.decorator';
import { PushTokenDto } from './push-token.dto';
import { WebPushTokenDto } from './web-push-token.dto';

/**
 * The fields of a user (spec 2.6) besides its id. Read-only fields a client may echo back are
 * accepted and ignored.
 */
export class UserAttributesDto {
  @ApiPropertyOptional({ example: 'ada@example.com' })
  @IsOptional()
  @IsEmail()
  email?: string;

  @ApiPropertyOptional({
    description: 'Phone number for SMS and calls (E.164).',
    example: '+15005550006',
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  number?: string;

  @ApiPropertyOptional({ type: [PushTokenDto] })
  @IsOptional()
  @IsArray()
  @IsPlainObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => PushTokenDto)
  pushTokens?: PushTokenDto[];

  @ApiPropertyOptional({ type: [WebPushTokenDto] })
  @IsOptional()
  @IsArray()
  @IsPlainObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => WebPushTokenDto)
  webPushTokens?: WebPushTokenDto[];

  @ApiPropertyOptional({ description: 'IANA timezone name.', example: 'Europe/London' })
  @IsOptional()
  @IsTimeZone()
  timezone?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  slackChannel?: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  @IsOptional()
  @IsPlainObject()
  slackToken?: Record<string, unknown>;

  @ApiPropertyOptional({ readOnly: true })
  @IsOptional()
  @IsString()
  lastSeenTime?: string;

  @ApiPropertyOptional({ readOnly: true })
  @IsOptional()
  @IsString()
  updatedAt?: string;

  @ApiPropertyOptional({ readOnly: true })
  @IsOptional()
  @IsString()
  createdAt?: string;

  @ApiPropertyOptional({ readOnly: true, type: 'object', additionalProperties: true })
  @IsOptional()
  @IsPlainObject()
  emailSuppressionStatus?: Record<string, unknown>;
}

/** The body of UserIdentify: the user's fields, with an optional id that must match the path. */
export class UserFieldsDto extends UserAttributesDto {
  @ApiPropertyOptional({ description: 'Unique user identifier.' })
  @IsOmittable()
  @IsString()
  @IsNotEmpty()
  id?: string;
}
