import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { TenantScope } from '../common/tenant-scope';

export const INBOX_ADDRESS_TYPES = ['builtin', 'custom'] as const;
/** builtin: on the operator's inbound domain, one per environment; custom: on a verified sender domain. */
export type InboxAddressType = (typeof INBOX_ADDRESS_TYPES)[number];

/** Longer than the rules allow, so that the service's message (with its fix) is the one answered. */
const MAX_PREFIX_INPUT = 256;
const MAX_DISPLAY_NAME = 200;
const MAX_ADDRESS = 320;

/** POST /addresses (the hosted service's CreateAddressRequest). */
export class CreateInboxAddressDto {
  @ApiProperty({ example: 'support', description: 'The part before the @' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(MAX_PREFIX_INPUT)
  prefix!: string;

  @ApiPropertyOptional({
    example: 'example.com',
    description: 'A verified sender domain of the account; omitted for the built-in inbound domain',
  })
  @IsOptional()
  @IsString()
  @MaxLength(253)
  domain?: string;

  @ApiPropertyOptional({ example: 'Support' })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_DISPLAY_NAME)
  displayName?: string;
}

/** PATCH /addresses (the hosted service's UpdateAddressRequest): fullAddress selects the inbox. */
export class UpdateInboxAddressDto {
  @ApiProperty({ example: 'support@example.com' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(MAX_ADDRESS)
  fullAddress!: string;

  @ApiPropertyOptional({ example: 'help', description: 'A new part before the @' })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_PREFIX_INPUT)
  prefix?: string;

  @ApiPropertyOptional({ example: 'Help desk' })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_DISPLAY_NAME)
  displayName?: string;
}

/** An inbox address (the hosted service's AccountAddressesResponseAddressesInner). */
export class InboxAddressResponseDto {
  @ApiProperty({ example: 'support@example.com' })
  fullAddress!: string;

  @ApiProperty({ example: 'support' })
  prefix!: string;

  @ApiProperty({ example: 'example.com' })
  domain!: string;

  @ApiProperty({ enum: INBOX_ADDRESS_TYPES })
  type!: InboxAddressType;

  @ApiPropertyOptional()
  displayName?: string;

  @ApiProperty()
  createdAt!: string;
}

/** One inbox address (the hosted service's AddressResponse). */
export class InboxAddressEnvelopeDto {
  @ApiProperty({ type: InboxAddressResponseDto })
  address!: InboxAddressResponseDto;
}

/** The environment's inbox addresses (the hosted service's AccountAddressesResponse). */
export class InboxAddressesResponseDto {
  @ApiProperty({ type: [InboxAddressResponseDto] })
  addresses!: InboxAddressResponseDto[];
}

export class CreateInboxAddressRequest extends TenantScope {
  @IsString()
  @MaxLength(MAX_PREFIX_INPUT)
  prefix!: string;

  @IsOptional()
  @IsString()
  @MaxLength(253)
  domain?: string;

  @IsOptional()
  @IsString()
  @MaxLength(MAX_DISPLAY_NAME)
  displayName?: string;
}

export class UpdateInboxAddressRequest extends TenantScope {
  @IsString()
  @MaxLength(MAX_ADDRESS)
  fullAddress!: string;

  @IsOptional()
  @IsString()
  @MaxLength(MAX_PREFIX_INPUT)
  prefix?: string;

  @IsOptional()
  @IsString()
  @MaxLength(MAX_DISPLAY_NAME)
  displayName?: string;
}

export class InboxAddressRequest extends TenantScope {
  @IsString()
  @IsNotEmpty()
  @MaxLength(MAX_ADDRESS)
  fullAddress!: string;
}
