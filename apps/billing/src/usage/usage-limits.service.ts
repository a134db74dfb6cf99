import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  BUDGET_TIERS,
  BudgetTier,
  Broadcasts,
  costCapOf,
  newTimeOrderedId,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { In, Repository } from 'typeorm';
import { AccountEntity } from '../accounts/account.entity';
import { cycleStartOf } from './billing-cycle';
import { UsageRepository } from './usage.repository';

/** Share of the cost cap at which an auto-upgrading account moves up one tier. */
const AUTO_UPGRADE_AT = 0.9;
/** How often limited accounts are checked for a new cycle (their sends produce no events). */
const RECHECK_MS = 60_000;

/**
 * Keeps each account's limit state (accounts.usage_limited) in step with its usage, moves
 * auto-upgrading accounts up a tier at 90% of their cap, and tells the gateways when either
 * changes, so that the send path reads the state from its cache instead of asking billing.
 */
@Injectable()
export class UsageLimitsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(UsageLimitsService.name);
  private timer?: NodeJS.Timeout;

  constructor(
    @InjectRepository(AccountEntity) private readonly accounts: Repository<AccountEntity>,
    private readonly usage: UsageRepository,
    private readonly messaging: MessagingClient,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.recheckLimitedAccounts().catch((error: unknown) => this.logger.error(String(error)));
    }, RECHECK_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** Re-evaluates the given accounts against their current-cycle usage. */
  async evaluate(accountIds: string[]): Promise<void> {
    if (accountIds.length === 0) return;
    const accounts = await this.accounts.findBy({ id: In([...new Set(accountIds)]) });
    const costs = await this.usage.costsOf(
      accounts.map((a) => ({ accountId: a.id, cycleStart: cycleStartOf(a.anniversaryDate) })),
    );
    await this.apply(accounts, costs);
  }

  /** Applies known cycle costs (e.g. the totals metering just returned) to loaded accounts. */
  async apply(accounts: AccountEntity[], costs: Map<string, number>): Promise<void> {
    for (const account of accounts) {
      const cost = costs.get(account.id);
      if (cost !== undefined) await this.applyCost(account, cost);
    }
  }

  async recheckLimitedAccounts(): Promise<void> {
    const limited = await this.accounts.find({
      where: { usageLimited: true },
      select: { id: true },
    });
    await this.evaluate(limited.map((a) => a.id));
  }

  private async applyCost(account: AccountEntity, cost: number): Promise<void> {
    const tier = this.upgradedTier(account, cost);
    const limited = cost >= costCapOf(tier);
    if (tier === account.planTier && limited === account.usageLimited) return;
    await this.accounts.manager.transaction(async (manager) => {
      await manager.update(
        AccountEntity,
        { id: account.id },
        { planTier: tier, usageLimited: limited },
      );
      if (tier !== account.planTier) {
        await manager.insert('billing.plan_changes', {
          id: newTimeOrderedId(),
          account_id: account.id,
          from_tier: account.planTier,
          to_tier: tier,
          reason: 'auto_upgrade',
        });
      }
    });
    this.logger.log(
      `account ${account.id}: tier ${tier}, usage ${cost.toFixed(4)}, limited ${limited}`,
    );
    this.messaging.broadcast(Broadcasts.billingChanges, {
      kind: 'account-changed',
      accountId: account.id,
    });
  }

  /** One tier up for paid version-3 accounts with autoUpgrade once usage reaches 90% of the cap. */
  private upgradedTier(account: AccountEntity, cost: number): BudgetTier {
    const tier = account.planTier as BudgetTier;
    const eligible =
      account.autoUpgrade && account.accountType === 'paid' && account.billingVersion === 3;
    const next = BUDGET_TIERS[BUDGET_TIERS.indexOf(tier) + 1];
    return eligible && next && cost >= AUTO_UPGRADE_AT * costCapOf(tier) ? next : tier;
  }
}
