import { ApiProperty } from '@nestjs/swagger';
import { BUDGET_TIERS, BudgetTier } from './account-details.dto';

/**
 * GET /account/organization (records.md Organization). Clarion bills every account on its own,
 * so an account is its own organization: organizationId is the accountId and the caps are the
 * account's plan.
 */
export class OrganizationResponseDto {
  @ApiProperty()
  organizationId!: string;

  @ApiProperty({ enum: ['free', 'paid'] })
  organizationType!: 'free' | 'paid';

  @ApiProperty({ description: 'userId (profile id) of the member who created the account.' })
  creator!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({
    description:
      'Always 0: Clarion caps spend, not messages; every message counts against costCap.',
  })
  messagesCap!: number;

  @ApiProperty({ description: 'Spend allowed per billing cycle, in USD.' })
  costCap!: number;

  @ApiProperty({ description: 'Next billing-cycle reset (YYYY-MM-DD).' })
  anniversaryDate!: string;

  @ApiProperty({
    description: 'Always false: at the cost cap sends answer 402 (autoUpgrade can raise the cap).',
  })
  allowOverage!: boolean;

  @ApiProperty({ enum: BUDGET_TIERS })
  tier!: BudgetTier;

  @ApiProperty()
  autoUpgrade!: boolean;

  @ApiProperty()
  createdAt!: string;

  @ApiProperty()
  updatedAt!: string;
}

/** POST /organizations (records.md CreateOrganizationResponse). */
export class CreateOrganizationResponseDto {
  @ApiProperty()
  success!: boolean;

  @ApiProperty({ description: 'The new account, owned by the caller; free, on budget_20.' })
  accountId!: string;

  @ApiProperty({ description: 'The same as accountId: every account is its own organization.' })
  organizationId!: string;

  @ApiProperty({ description: 'Default secret API key of the new account; shown only here.' })
  apiKey!: string;
}
