import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { AccountScope } from './principal';

export type ApiKeyType = 'secret' | 'public';

/** Body of POST /keys. */
export class CreateKeyDto {
  @ApiProperty({ enum: ['secret', 'public'] })
  @IsIn(['secret', 'public'])
  keyType!: ApiKeyType;

  @ApiPropertyOptional({
    description: 'clientId of the environment; the calling one when omitted.',
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  environmentId?: string;

  @ApiProperty({ example: 'Production server' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name!: string;
}

/** A new key: the only time the key itself is shown. */
export class CreateKeyResponseDto {
  @ApiProperty()
  id!: string;

  @ApiProperty({ description: 'The key; store it now, it is not shown again.' })
  key!: string;

  @ApiProperty({ enum: ['secret', 'public'] })
  keyType!: ApiKeyType;

  @ApiPropertyOptional()
  environmentId?: string;

  @ApiProperty()
  name!: string;

  @ApiProperty()
  createdAt!: string;
}

/** A key as listed: `key` is masked. */
export class ApiKeyResponseDto {
  @ApiProperty()
  id!: string;

  @ApiProperty({ description: 'Masked key: prefix and last four characters.' })
  key!: string;

  @ApiProperty({ enum: ['secret', 'public'] })
  keyType!: ApiKeyType;

  @ApiPropertyOptional()
  environmentId?: string;

  @ApiProperty()
  accountId!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty()
  revoked!: boolean;

  @ApiProperty()
  createdAt!: string;

  @ApiPropertyOptional()
  lastUsedAt?: string;
}

export class ApiKeysResponseDto {
  @ApiProperty({ type: [ApiKeyResponseDto] })
  keys!: ApiKeyResponseDto[];
}

/** Answer of DELETE /keys/{keyId} (records.md DeleteKeyResponse: message; success stays). */
export class RevokeKeyResponseDto {
  @ApiProperty()
  success!: boolean;

  @ApiProperty({ example: 'The API key Production server was revoked' })
  message!: string;
}

export class CreateKeyRequest extends AccountScope {
  @IsUUID()
  callerEnvId!: string;

  @ValidateNested()
  @Type(() => CreateKeyDto)
  key!: CreateKeyDto;
}

export class KeyRef extends AccountScope {
  @IsUUID()
  keyId!: string;
}
