import { Injectable } from '@nestjs/common';
import { BillingChange, Broadcasts, logRetentionDaysOf, Requests } from '@clarion/contracts';
import { MessagingClient, OnBroadcast } from '@clarion/messaging';
import { ExpiringCache } from '@clarion/runtime';

const TTL_MS = 60 * 60_000;

/**
 * Days each account keeps its logs, from its plan in billing. Cached, since a purge round asks
 * for every account with old records; billing's change broadcast drops an entry at once. A
 * failed look-up is not remembered: the next round asks again.
 */
@Injectable()
export class AccountRetentionCache {
  private readonly days = new ExpiringCache<number>(TTL_MS, 0, () => false);

  constructor(private readonly messaging: MessagingClient) {}

  retentionDaysOf(accountId: string): Promise<number> {
    return this.days.get(accountId, async () =>
      logRetentionDaysOf(await this.messaging.request(Requests.getAccount, { accountId })),
    );
  }

  @OnBroadcast(Broadcasts.billingChanges)
  forget(change: BillingChange): void {
    if (change.kind === 'account-changed') this.days.delete(change.accountId);
  }
}
