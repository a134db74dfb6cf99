import { AccountDetailsDto, AccountSummaryDto, BudgetTier, costCapOf } from '@clarion/contracts';
import { AccountEntity } from './account.entity';

/** The date of the next billing-cycle reset: the anniversary day of the month, after today. */
export function nextResetDate(anniversaryDate: string, today = new Date()): string {
  const day = Number(anniversaryDate.slice(8, 10));
  const candidate = (monthOffset: number) => {
    const year = today.getUTCFullYear();
    const month = today.getUTCMonth() + monthOffset;
    const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
    return new Date(Date.UTC(year, month, Math.min(day, lastDay)));
  };
  const thisMonth = candidate(0);
  return (thisMonth > today ? thisMonth : candidate(1)).toISOString().slice(0, 10);
}

export function toAccountDetails(account: AccountEntity): AccountDetailsDto {
  const tier = account.planTier as BudgetTier;
  return {
    accountId: account.id,
    accountType: account.accountType,
    name: account.name,
    tier,
    costCap: costCapOf(tier),
    billingVersion: account.billingVersion,
    anniversaryDate: nextResetDate(account.anniversaryDate),
    status: account.status,
    subscriptionStatus: account.subscriptionStatus,
    autoUpgrade: account.autoUpgrade,
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
