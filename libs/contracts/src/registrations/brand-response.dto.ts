import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { BUSINESS_TYPES, BusinessType, SCENARIO_IDS, ScenarioId } from './brand-rules';
import { REGISTRATION_STATUSES, RegistrationStatus } from './registration-status';

/** The brand registration of an account (spec 2.4 response, records.md A2pRegistration). */
export class BrandResponseDto {
  @ApiProperty()
  accountId!: string;

  @ApiProperty({ enum: SCENARIO_IDS })
  scenarioId!: ScenarioId;

  @ApiProperty({ enum: BUSINESS_TYPES })
  businessType!: BusinessType;

  @ApiProperty()
  legalName!: string;

  @ApiProperty({ description: 'Marketing (DBA) name; legalName unless one was given' })
  displayName!: string;

  @ApiPropertyOptional()
  firstName?: string;

  @ApiPropertyOptional()
  lastName?: string;

  @ApiPropertyOptional()
  taxId?: string;

  @ApiProperty()
  website!: string;

  @ApiProperty()
  country!: string;

  @ApiPropertyOptional()
  street?: string;

  @ApiPropertyOptional()
  city?: string;

  @ApiPropertyOptional()
  state?: string;

  @ApiPropertyOptional()
  postalCode?: string;

  @ApiPropertyOptional({
    description: 'Address text of legacy records only; new submissions use the structured fields',
  })
  fullAddress?: string;

  @ApiProperty()
  complianceContactEmail!: string;

  @ApiProperty()
  complianceContactPhone!: string;

  @ApiProperty({ enum: REGISTRATION_STATUSES })
  brandStatus!: RegistrationStatus;

  @ApiProperty({
    enum: REGISTRATION_STATUSES,
    description: 'not_started while there is no campaign',
  })
  campaignStatus!: RegistrationStatus;

  @ApiPropertyOptional({
    description: 'Why the review rejected the brand or needs more information',
  })
  statusReason?: string;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;
}
