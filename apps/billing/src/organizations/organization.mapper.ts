import { BudgetTier, costCapOf, OrganizationResponseDto } from '@clarion/contracts';
import { AccountEntity } from '../accounts/account.entity';
import { organizationIdOf } from '../accounts/account.mapper';
import { nextResetDate } from '../usage/billing-cycle';

/**
 * The account as the hosted service's organization: its plan is the organization's. Clarion caps
 * spend only (messagesCap 0) and stops at the cap rather than billing overage.
 */
export function toOrganization(account: AccountEntity, creator: string): OrganizationResponseDto {
  const tier = account.planTier as BudgetTier;
  return {
    organizationId: organizationIdOf(account),
    organizationType: account.accountType,
    creator,
    name: account.name,
    messagesCap: 0,
    costCap: costCapOf(tier),
    anniversaryDate: nextResetDate(account.anniversaryDate),
    allowOverage: false,
    tier,
    autoUpgrade: account.autoUpgrade,
    createdAt: account.createdAt.toISOString(),
    updatedAt: account.updatedAt.toISOString(),
  };
}
