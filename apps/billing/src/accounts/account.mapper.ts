import { AccountDetailsDto, AccountSummaryDto, BudgetTier, costCapOf } from '@clarion/contracts';
import { nextResetDate } from '../usage/billing-cycle';
import { AccountEntity } from './account.entity';

/**
 * Clarion bills every account on its own (its own plan, cost cap, cycle and usage), so each
 * account is its own organization in the hosted service's terms.
 */
export function organizationIdOf(account: Pick<AccountEntity, 'id'>): string {
  return account.id;
}

export function toAccountDetails(account: AccountEntity): AccountDetailsDto {
  const tier = account.planTier as BudgetTier;
  return {
    accountId: account.id,
    organizationId: organizationIdOf(account),
    accountType: account.accountType,
    name: account.name,
    tier,
    costCap: costCapOf(tier),
    billingVersion: account.billingVersion,
    anniversaryDate: nextResetDate(account.anniversaryDate),
    status: account.status,
    subscriptionStatus: account.subscriptionStatus,
    autoUpgrade: account.autoUpgrade,
    region: account.region,
    createdAt: account.createdAt.toISOString(),
    updatedAt: account.updatedAt.toISOString(),
  };
}

export function toAccountSummary(account: AccountEntity): AccountSummaryDto {
  return {
    accountId: account.id,
    name: account.name,
    accountType: account.accountType,
    createdAt: account.createdAt.toISOString(),
    status: account.status,
    costCap: costCapOf(account.planTier as BudgetTier),
  };
}
