import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional } from 'class-validator';
import { BUSINESS_TYPES, BusinessType, SCENARIO_IDS, ScenarioId } from './brand-rules';
import {
  FollowsBrandRules,
  IsCountryCode,
  IsE164Phone,
  IsEmailAddress,
  IsManagedByService,
  IsOneOf,
  IsText,
  IsWebsite,
} from './registration-field.decorators';
import { BRAND_LIMITS, upperCaseCountryCode } from './brand-limits';

/** POST /registrations/us/10dlc/brand: the create fields of spec 2.4. */
export class BrandCreateDto {
  @ApiProperty({
    enum: SCENARIO_IDS,
    description: 'own_brand: your project; client_brand: an agency registering a client',
  })
  @IsOneOf(SCENARIO_IDS)
  scenarioId!: ScenarioId;

  @ApiProperty({ enum: BUSINESS_TYPES })
  @IsOneOf(BUSINESS_TYPES)
  businessType!: BusinessType;

  @ApiProperty({ maxLength: BRAND_LIMITS.legalName, example: 'Acme Inc.' })
  @IsText({ max: BRAND_LIMITS.legalName })
  legalName!: string;

  @ApiPropertyOptional({ description: 'Required when businessType is SOLE_PROPRIETOR' })
  @FollowsBrandRules()
  firstName?: string;

  @ApiPropertyOptional({ description: 'Required when businessType is SOLE_PROPRIETOR' })
  @FollowsBrandRules()
  lastName?: string;

  @ApiPropertyOptional({
    description:
      'Required unless businessType is SOLE_PROPRIETOR. US: 9-digit EIN; CA: 9-digit BN; other countries: the national business tax identifier',
    example: '12-3456789',
  })
  @FollowsBrandRules()
  taxId?: string;

  @ApiProperty({ example: 'https://example.com', maxLength: BRAND_LIMITS.website })
  @IsWebsite({ max: BRAND_LIMITS.website })
  website!: string;

  @ApiProperty({ example: 'US', description: 'ISO 3166-1 alpha-2 country code' })
  @Transform(upperCaseCountryCode)
  @IsCountryCode()
  country!: string;

  @ApiPropertyOptional({ maxLength: BRAND_LIMITS.street })
  @IsOptional()
  @IsText({ max: BRAND_LIMITS.street, allowEmpty: true })
  street?: string;

  @ApiPropertyOptional({ maxLength: BRAND_LIMITS.city })
  @IsOptional()
  @IsText({ max: BRAND_LIMITS.city, allowEmpty: true })
  city?: string;

  @ApiPropertyOptional({ maxLength: BRAND_LIMITS.state })
  @IsOptional()
  @IsText({ max: BRAND_LIMITS.state, allowEmpty: true })
  state?: string;

  @ApiPropertyOptional({ maxLength: BRAND_LIMITS.postalCode })
  @IsOptional()
  @IsText({ max: BRAND_LIMITS.postalCode, allowEmpty: true })
  postalCode?: string;

  @ApiProperty({ example: 'compliance@example.com' })
  @IsEmailAddress({ max: BRAND_LIMITS.email })
  complianceContactEmail!: string;

  @ApiProperty({ example: '+14155550100', description: 'E.164' })
  @IsE164Phone()
  complianceContactPhone!: string;

  /** Refused with a clear message: the workflow status is the service's. */
  @IsManagedByService()
  brandStatus?: never;

  @IsManagedByService()
  campaignStatus?: never;

  @IsManagedByService({
    message: 'fullAddress is only kept for legacy records; send street, city, state and postalCode',
  })
  fullAddress?: never;
}
