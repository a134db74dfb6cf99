import { Injectable } from '@nestjs/common';
import { RegistrationStatusChangedEvent } from '@clarion/contracts';
import { DataSource, EntityManager } from 'typeorm';

@Injectable()
export class A2pCampaignsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Records the campaign statuses (the latest change of each account wins, whatever the order
   * they come in) and sets the a2pStatus of the accounts' US numbers to match: approved while
   * the campaign is, pending otherwise. Sandbox numbers stay `testing`. One transaction.
   */
  async apply(changes: RegistrationStatusChangedEvent[]): Promise<void> {
    const inOrder = [...changes].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
    const latest = [...new Map(inOrder.map((change) => [change.accountId, change])).values()];
    if (latest.length === 0) return;
    await this.dataSource.transaction(async (manager) => {
      const applied: { accountId: string; status: string }[] = await manager.query(
        `INSERT INTO numbers.a2p_campaigns AS c (account_id, status, changed_at)
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::timestamptz[])
         ON CONFLICT (account_id) DO UPDATE SET status = EXCLUDED.status, changed_at = EXCLUDED.changed_at
           WHERE c.changed_at <= EXCLUDED.changed_at
         RETURNING account_id AS "accountId", status`,
        [latest.map((c) => c.accountId), latest.map((c) => c.to), latest.map((c) => c.at)],
      );
      await this.follow(manager, applied);
    });
  }

  /** Whether the account's campaign is approved (its new US numbers may text at once). */
  async isApproved(accountId: string): Promise<boolean> {
    const [row]: { status: string }[] = await this.dataSource.query(
      'SELECT status FROM numbers.a2p_campaigns WHERE account_id = $1',
      [accountId],
    );
    return row?.status === 'approved';
  }

  private async follow(
    manager: EntityManager,
    campaigns: { accountId: string; status: string }[],
  ): Promise<void> {
    if (campaigns.length === 0) return;
    await manager.query(
      `UPDATE numbers.phone_numbers AS n
          SET a2p_status = CASE WHEN c.status = 'approved' THEN 'approved' ELSE 'pending' END
         FROM unnest($1::uuid[], $2::text[]) AS c (account_id, status)
        WHERE n.account_id = c.account_id AND n.country = 'US' AND n.a2p_status IN ('pending', 'approved')`,
      [campaigns.map((c) => c.accountId), campaigns.map((c) => c.status)],
    );
  }
}
