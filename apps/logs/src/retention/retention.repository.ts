import { Injectable } from '@nestjs/common';
import { whileHoldingAdvisoryLock } from '@clarion/persistence';
import { DataSource } from 'typeorm';

const PURGE_LOCK = 'clarion:logs:retention-purge';

@Injectable()
export class RetentionRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Runs `work` holding a session advisory lock, so one replica purges at a time; answers
   * undefined at once when another replica holds it.
   */
  async whileHoldingPurgeLock<T>(work: () => Promise<T>): Promise<T | undefined> {
    return whileHoldingAdvisoryLock(this.dataSource, PURGE_LOCK, work);
  }

  /**
   * Accounts with a record of a send received before `bound` (a tracking id): a skip scan of
   * the (account_id, tracking_id) index, one probe per account.
   */
  async accountsWithRecordsBefore(bound: string): Promise<string[]> {
    const rows: { account_id: string }[] = await this.dataSource.query(
      `WITH RECURSIVE account AS (
         (SELECT account_id FROM logs.log_records ORDER BY account_id LIMIT 1)
         UNION ALL
         SELECT (SELECT r.account_id FROM logs.log_records r
                  WHERE r.account_id > a.account_id ORDER BY r.account_id LIMIT 1)
           FROM account a WHERE a.account_id IS NOT NULL)
       SELECT a.account_id FROM account a
        WHERE a.account_id IS NOT NULL
          AND EXISTS (SELECT 1 FROM logs.log_records r
                       WHERE r.account_id = a.account_id AND r.tracking_id < $1::uuid)`,
      [bound],
    );
    return rows.map((row) => row.account_id);
  }

  /** Deletes up to `limit` of the account's records received before `bound`; says how many. */
  async deleteRecordsBefore(accountId: string, bound: string, limit: number): Promise<number> {
    const [row]: { count: number }[] = await this.dataSource.query(
      `WITH old AS (
         SELECT tracking_id FROM logs.log_records
          WHERE account_id = $1 AND tracking_id < $2::uuid
          ORDER BY tracking_id LIMIT $3 FOR UPDATE SKIP LOCKED
       ), gone AS (
         DELETE FROM logs.log_records r USING old WHERE r.tracking_id = old.tracking_id RETURNING 1
       ) SELECT count(*)::int AS count FROM gone`,
      [accountId, bound, limit],
    );
    return row?.count ?? 0;
  }

  /** Deletes up to `limit` of the account's event-log steps that happened before `before`. */
  async deleteEventsBefore(accountId: string, before: Date, limit: number): Promise<number> {
    const [row]: { count: number }[] = await this.dataSource.query(
      `WITH old AS (
         SELECT ctid FROM logs.log_events WHERE account_id = $1 AND at < $2 LIMIT $3
       ), gone AS (
         DELETE FROM logs.log_events e USING old WHERE e.ctid = old.ctid RETURNING 1
       ) SELECT count(*)::int AS count FROM gone`,
      [accountId, before, limit],
    );
    return row?.count ?? 0;
  }
}
