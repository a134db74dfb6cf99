import { ApiProperty } from '@nestjs/swagger';
import { AccountDetailsDto, BudgetTier } from '../billing/account-details.dto';

/** Days paid accounts keep their logs, by budget tier: higher tiers keep them longer. */
const PAID_RETENTION_DAYS: Record<BudgetTier, number> = {
  budget_20: 30,
  budget_50: 30,
  budget_100: 30,
  budget_250: 90,
  budget_500: 90,
  budget_1000: 90,
  budget_2000: 180,
  budget_5000: 180,
};

/** Days free accounts keep their logs, whatever their tier. */
const FREE_RETENTION_DAYS = 7;

/** The shortest retention of any plan: records younger than this are never purged. */
export const MIN_LOG_RETENTION_DAYS = Math.min(
  FREE_RETENTION_DAYS,
  ...Object.values(PAID_RETENTION_DAYS),
);

/**
 * How many days an account's log records are kept, by its plan: free accounts 7 days; paid
 * accounts 30 days on budget_20 to budget_100, 90 days on budget_250 to budget_1000, 180 days on
 * budget_2000 and up. Older records are purged by the logs service.
 */
export function logRetentionDaysOf(plan: Pick<AccountDetailsDto, 'accountType' | 'tier'>): number {
  return plan.accountType === 'free' ? FREE_RETENTION_DAYS : PAID_RETENTION_DAYS[plan.tier];
}

/** Answer of GET /logs/retention (records.md LogsRetentionResponse). */
export class LogRetentionResponseDto {
  @ApiProperty({ description: 'Days log records are kept; older ones are deleted.' })
  retentionInDays!: number;
}
