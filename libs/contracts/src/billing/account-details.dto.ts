import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { AccountStatus, SubscriptionStatus } from './account-response.dto';

export const BUDGET_TIERS = [
  'budget_20',
  'budget_50',
  'budget_100',
  'budget_250',
  'budget_500',
  'budget_1000',
  'budget_2000',
  'budget_5000',
] as const;
export type BudgetTier = (typeof BUDGET_TIERS)[number];

/** The cost cap of a tier per billing cycle: the number in its name. */
export function costCapOf(tier: BudgetTier): number {
  return Number(tier.slice('budget_'.length));
}

/** GET /account and PATCH /account: the account with its plan (spec 2.3). */
export class AccountDetailsDto {
  @ApiProperty()
  accountId!: string;

  @ApiProperty({ enum: ['free', 'paid'] })
  accountType!: 'free' | 'paid';

  @ApiPropertyOptional()
  name?: string;

  @ApiProperty({ enum: BUDGET_TIERS })
  tier!: BudgetTier;

  @ApiProperty({ description: 'Spend allowed per billing cycle, in USD.' })
  costCap!: number;

  @ApiProperty({ enum: [1, 3] })
  billingVersion!: number;

  @ApiProperty({ description: 'Next billing-cycle reset (YYYY-MM-DD).' })
  anniversaryDate!: string;

  @ApiProperty({ enum: ['verified', 'unverified', 'blocked'] })
  status!: AccountStatus;

  @ApiPropertyOptional({ enum: ['active', 'canceled', 'past_due', 'paused'], nullable: true })
  subscriptionStatus!: SubscriptionStatus | null;

  @ApiProperty()
  autoUpgrade!: boolean;

  @ApiProperty()
  createdAt!: string;

  @ApiProperty()
  updatedAt!: string;
}

/** One entry of GET /accounts. */
export class AccountSummaryDto {
  @ApiProperty()
  accountId!: string;

  @ApiPropertyOptional()
  name?: string;

  @ApiProperty({ enum: ['free', 'paid'] })
  accountType!: 'free' | 'paid';

  @ApiProperty()
  createdAt!: string;

  @ApiProperty({ enum: ['verified', 'unverified', 'blocked'] })
  status!: AccountStatus;

  @ApiProperty()
  costCap!: number;
}

export class AccountsResponseDto {
  @ApiProperty({ type: [AccountSummaryDto] })
  accounts!: AccountSummaryDto[];
}
