import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { AccountEntity } from '../accounts/account.entity';
import { cycleStartOf } from './billing-cycle';
import { UsageLimitsService } from './usage-limits.service';
import { UsageRepository } from './usage.repository';

/** Something that costs: a message sent, a number's month, a call's minutes. */
export interface Cost {
  /** Unique: a cost metered before adds nothing. */
  costId: string;
  accountId: string;
  /** The channel of a message, or the kind of a charge (`phone_number`, `voice_call`). */
  item: string;
  amount: number;
  /** 1 for a message, 0 for anything else. */
  messages: number;
  /** When it was incurred: it counts in the billing cycle holding it. */
  at: Date;
}

/**
 * Adds costs to their accounts' cycle usage (once each, in one statement) and applies the
 * usage limits with the new totals. Costs of unknown accounts are dropped.
 */
@Injectable()
export class UsageMeter {
  constructor(
    @InjectRepository(AccountEntity) private readonly accounts: Repository<AccountEntity>,
    private readonly usage: UsageRepository,
    private readonly limits: UsageLimitsService,
  ) {}

  async meter(costs: Cost[]): Promise<void> {
    if (costs.length === 0) return;
    const accounts = await this.accounts.findBy({
      id: In([...new Set(costs.map((cost) => cost.accountId))]),
    });
    const anniversaries = new Map(accounts.map((a) => [a.id, a.anniversaryDate]));
    const totals = await this.usage.meter(
      costs.flatMap((cost) => {
        const anniversary = anniversaries.get(cost.accountId);
        if (anniversary === undefined) return [];
        return [
          {
            eventId: cost.costId,
            accountId: cost.accountId,
            channel: cost.item,
            cost: cost.amount,
            messages: cost.messages,
            cycleStart: cycleStartOf(anniversary, cost.at),
          },
        ];
      }),
    );
    // Totals are of the costs' cycles; only the current cycle decides the limit.
    const current = totals.filter(
      (t) => t.cycleStart === cycleStartOf(anniversaries.get(t.accountId) ?? ''),
    );
    await this.limits.apply(accounts, new Map(current.map((t) => [t.accountId, t.cost])));
  }
}
