import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, ValidateIf } from 'class-validator';
import {
  BUSINESS_TYPES,
  BusinessType,
  PERSON_NAME_MAX_LENGTH,
  SCENARIO_IDS,
  ScenarioId,
  TAX_ID_MAX_LENGTH,
} from './brand-rules';
import { BRAND_LIMITS, upperCaseCountryCode } from './brand-limits';
import {
  IsCountryCode,
  IsE164Phone,
  IsEmailAddress,
  IsManagedByService,
  IsOneOf,
  IsText,
  IsWebsite,
} from './registration-field.decorators';

/** Present means "change it"; null is refused for fields a brand cannot be without. */
const WhenGiven = () => ValidateIf((_: object, value: unknown) => value !== undefined);

/**
 * PATCH /registrations/us/10dlc/brand: every field of spec 2.4 is optional. Each value is checked
 * here; the rules between fields (names, tax id) are checked on the merged brand by the service.
 * null clears an optional field.
 */
export class BrandUpdateDto {
  @ApiPropertyOptional({ enum: SCENARIO_IDS })
  @WhenGiven()
  @IsOneOf(SCENARIO_IDS)
  scenarioId?: ScenarioId;

  @ApiPropertyOptional({ enum: BUSINESS_TYPES })
  @WhenGiven()
  @IsOneOf(BUSINESS_TYPES)
  businessType?: BusinessType;

  @ApiPropertyOptional({ maxLength: BRAND_LIMITS.legalName })
  @WhenGiven()
  @IsText({ max: BRAND_LIMITS.legalName })
  legalName?: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: BRAND_LIMITS.displayName,
    description:
      'Marketing (DBA) name; follows legalName when an update changes legalName without it',
    example: 'Acme',
  })
  @IsOptional()
  @IsText({ max: BRAND_LIMITS.displayName, allowEmpty: true })
  displayName?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsText({ max: PERSON_NAME_MAX_LENGTH, allowEmpty: true })
  firstName?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsText({ max: PERSON_NAME_MAX_LENGTH, allowEmpty: true })
  lastName?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsText({ max: TAX_ID_MAX_LENGTH, allowEmpty: true })
  taxId?: string | null;

  @ApiPropertyOptional({ maxLength: BRAND_LIMITS.website })
  @WhenGiven()
  @IsWebsite({ max: BRAND_LIMITS.website })
  website?: string;

  @ApiPropertyOptional({ description: 'ISO 3166-1 alpha-2 country code' })
  @WhenGiven()
  @Transform(upperCaseCountryCode)
  @IsCountryCode()
  country?: string;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsText({ max: BRAND_LIMITS.street, allowEmpty: true })
  street?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsText({ max: BRAND_LIMITS.city, allowEmpty: true })
  city?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsText({ max: BRAND_LIMITS.state, allowEmpty: true })
  state?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsText({ max: BRAND_LIMITS.postalCode, allowEmpty: true })
  postalCode?: string | null;

  @ApiPropertyOptional()
  @WhenGiven()
  @IsEmailAddress({ max: BRAND_LIMITS.email })
  complianceContactEmail?: string;

  @ApiPropertyOptional({ description: 'E.164' })
  @WhenGiven()
  @IsE164Phone()
  complianceContactPhone?: string;

  @IsManagedByService()
  brandStatus?: never;

  @IsManagedByService()
  campaignStatus?: never;

  @IsManagedByService({
    message: 'fullAddress is only kept for legacy records; send street, city, state and postalCode',
  })
  fullAddress?: never;
}
