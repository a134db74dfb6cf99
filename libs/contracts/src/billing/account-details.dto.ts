import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { IsOmittable } from '../validation/is-omittable.decorator';
import { MemberActor } from './members.dto';
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

  @ApiProperty({
    description:
      'The organization of the account: in Clarion every account is billed on its own, so this is its accountId.',
  })
  organizationId!: string;

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

  @ApiProperty({
    description:
      'The region the account was created in: its data stays in that region, whose base URL ' +
      'every request for it must use.',
    example: 'us',
  })
  region!: string;

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

/** Body of PATCH /account (owners only). */
export class AccountPatchDto {
  @ApiPropertyOptional({
    description: 'Move up one budget tier at 90% of the cost cap.',
    example: true,
  })
  @IsOmittable()
  @IsBoolean()
  autoUpgrade?: boolean;
}

export class CreateAccountPlanDto {
  @ApiProperty({ enum: BUDGET_TIERS })
  @IsIn(BUDGET_TIERS)
  tier!: BudgetTier;

  @ApiProperty({ description: 'Account whose saved payment method is copied; you must own it.' })
  @IsUUID()
  sourceBillingAccountId!: string;
}

/** Body of POST /accounts. */
export class CreateAccountDto {
  @ApiProperty({ example: 'Acme Europe' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name!: string;

  @ApiPropertyOptional({ type: CreateAccountPlanDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => CreateAccountPlanDto)
  plan?: CreateAccountPlanDto;

  @ApiPropertyOptional({
    type: [String],
    description: 'Members of your accounts are added; others are invited.',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @IsEmail({}, { each: true })
  memberEmails?: string[];
}

export class UpdateAccountRequest {
  @ValidateNested()
  @Type(() => MemberActor)
  actor!: MemberActor;

  @ValidateNested()
  @Type(() => AccountPatchDto)
  changes!: AccountPatchDto;
}

export class CreateAccountRequest {
  @IsUUID()
  profileId!: string;

  @ValidateNested()
  @Type(() => CreateAccountDto)
  account!: CreateAccountDto;
}
