import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  AccountScope,
  NotFoundError,
  OrganizationUsageDto,
  OrganizationUsageHistoryDto,
  Requests,
  UsageHistoryRequest,
  ValidationFailedError,
} from '@clarion/contracts';
import { HandleRequest } from '@clarion/messaging';
import { Repository } from 'typeorm';
import { AccountEntity } from '../accounts/account.entity';
import { cycleStartOf, cycleStartsBetween, nextResetDate } from './billing-cycle';
import { UsageRepository } from './usage.repository';
import { usageTotalsOf } from './usage-totals';

const startOfDay = (date: string) => `${date}T00:00:00.000Z`;
const later = (a: string, b: string) => (a > b ? a : b);
const earlier = (a: string, b: string) => (a < b ? a : b);

/** The hosted service's organization usage: of the account, which is its own organization. */
@Injectable()
export class UsageReportsHandlers {
  constructor(
    @InjectRepository(AccountEntity) private readonly accounts: Repository<AccountEntity>,
    private readonly usage: UsageRepository,
  ) {}

  @HandleRequest(Requests.currentUsage, AccountScope)
  async current(request: AccountScope): Promise<OrganizationUsageDto> {
    const account = await this.accountOf(request.accountId);
    const cycleStart = cycleStartOf(account.anniversaryDate);
    const items = await this.usage.itemsByCycle(account.id, cycleStart, cycleStart);
    return {
      ...usageTotalsOf(items),
      billingCycleStart: startOfDay(cycleStart),
      billingCycleEnd: startOfDay(nextResetDate(account.anniversaryDate)),
    };
  }

  /** Every cycle of the range the account lived through (zeros where nothing was metered). */
  @HandleRequest(Requests.usageHistory, UsageHistoryRequest)
  async history(request: UsageHistoryRequest): Promise<OrganizationUsageHistoryDto> {
    if (request.startDate > request.endDate) {
      throw new ValidationFailedError(
        'startDate must not be after endDate',
        'Give the range oldest day first.',
      );
    }
    const account = await this.accountOf(request.accountId);
    // From the account's first cycle (its anniversaryDate) to today at most.
    const today = new Date().toISOString().slice(0, 10);
    const cycles = cycleStartsBetween(
      account.anniversaryDate,
      new Date(startOfDay(later(request.startDate, account.anniversaryDate))),
      new Date(startOfDay(earlier(request.endDate, today))),
    );
    const [first, last] = [cycles[0], cycles.at(-1)];
    if (first === undefined || last === undefined) return { items: [] };
    const items = await this.usage.itemsByCycle(account.id, first, last);
    return {
      items: cycles.map((cycleStart) => ({
        yearMonth: cycleStart.slice(0, 7),
        ...usageTotalsOf(items.filter((item) => item.cycleStart === cycleStart)),
      })),
    };
  }

  private async accountOf(accountId: string): Promise<AccountEntity> {
    const account = await this.accounts.findOneBy({ id: accountId });
    if (!account) throw new NotFoundError('The account');
    return account;
  }
}
