import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsEnum,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUrl,
  IsUUID,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { Channel } from '../common/channel.enum';
import { IsOmittable } from '../validation/is-omittable.decorator';
import { AccountScope } from './principal';

/** Body of POST /environments. */
export class CreateEnvironmentDto {
  @ApiPropertyOptional({ description: 'Name of the environment.', example: 'Staging' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  title?: string;
}

/** Body of PATCH /environments/{clientId} (EnvironmentsUpdateEnvironment). */
export class UpdateEnvironmentDto {
  @ApiPropertyOptional({ example: 'Staging' })
  @IsOmittable()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  title?: string;

  @ApiPropertyOptional({
    description: 'Issue a new clientSecret; the old one stops working at once.',
  })
  @IsOmittable()
  @IsBoolean()
  resetSecret?: boolean;

  @ApiPropertyOptional({
    enum: Channel,
    isArray: true,
    description: 'Channels this environment does not send on.',
  })
  @IsOmittable()
  @IsArray()
  @IsEnum(Channel, { each: true })
  disableSending?: Channel[];

  @ApiPropertyOptional({ description: 'Require a valid hmac from end users.', example: true })
  @IsOmittable()
  @IsBoolean()
  secureMode?: boolean;

  @ApiPropertyOptional({
    description:
      'https URL of the logo web push notifications show (GET /users/account-metadata); an empty string removes it.',
    example: 'https://example.com/logo.png',
  })
  @IsOmittable()
  @IsString()
  @MaxLength(2048)
  @ValidateIf((_: unknown, logo: unknown) => logo !== '')
  @IsUrl({ protocols: ['https'], require_protocol: true })
  logo?: string;

  @ApiPropertyOptional({
    description:
      "Offer web push to the environment's browsers (GET /users/account-metadata); default true.",
  })
  @IsOmittable()
  @IsBoolean()
  hasWebPushEnabled?: boolean;
}

export class CreateEnvironmentRequest extends AccountScope {
  @ValidateNested()
  @Type(() => CreateEnvironmentDto)
  environment!: CreateEnvironmentDto;
}

export class UpdateEnvironmentRequest extends AccountScope {
  @IsString()
  @IsNotEmpty()
  clientId!: string;

  @ValidateNested()
  @Type(() => UpdateEnvironmentDto)
  changes!: UpdateEnvironmentDto;
}

export class EnvironmentRef {
  @IsUUID()
  envId!: string;
}

/** What the send pipeline needs of an environment. */
export interface EnvironmentSettings {
  envId: string;
  disableSending: Channel[];
  /** For GET /users/account-metadata. */
  logo: string;
  hasWebPushEnabled: boolean;
}
