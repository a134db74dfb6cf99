import { Injectable } from '@nestjs/common';
import { LogRecordDto } from '@clarion/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { LogFields } from './log-fields-of-event';

export interface LogRecordChange {
  trackingId: string;
  accountId: string;
  envId: string;
  fields: LogFields;
}

@Injectable()
export class LogRecordsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Merges the fields of many events into their records with one statement. */
  async mergeMany(
    changes: LogRecordChange[],
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    const merged = mergeByTrackingId(changes);
    if (merged.length === 0) return;
    const params: unknown[] = [];
    const tuples = merged.map((c) => {
      const [id, account, env, record] = [
        c.trackingId,
        c.accountId,
        c.envId,
        JSON.stringify(c.fields),
      ].map((value) => `$${params.push(value)}`);
      return `(${id}, ${account}, ${env}, ${record}::jsonb)`;
    });
    await manager.query(
      `INSERT INTO logs.log_records AS r (tracking_id, account_id, env_id, record)
       VALUES ${tuples.join(', ')}
       ON CONFLICT (tracking_id) DO UPDATE SET record = r.record || EXCLUDED.record, updated_at = now()
       WHERE r.account_id = EXCLUDED.account_id`,
      params,
    );
  }

  /** The account's latest sends, newest first (trackingIds are UUIDv7). */
  async newest(accountId: string, limit: number): Promise<LogRecordDto[]> {
    const rows: { record: LogRecordDto }[] = await this.dataSource.query(
      `SELECT record FROM logs.log_records WHERE account_id = $1 ORDER BY tracking_id DESC LIMIT $2`,
      [accountId, limit],
    );
    return rows.map((row) => row.record);
  }

  async findByTrackingIds(accountId: string, trackingIds: string[]): Promise<LogRecordDto[]> {
    const rows: { record: LogRecordDto }[] = await this.dataSource.query(
      `SELECT record FROM logs.log_records WHERE account_id = $1 AND tracking_id = ANY($2::uuid[])
        ORDER BY tracking_id DESC`,
      [accountId, trackingIds],
    );
    return rows.map((row) => row.record);
  }
}

/**
 * One row per send (a statement may not touch a row twice), fields merged in event order, sends
 * ordered by trackingId.
 */
function mergeByTrackingId(changes: LogRecordChange[]): LogRecordChange[] {
  const bySend = new Map<string, LogRecordChange>();
  for (const change of changes) {
    const earlier = bySend.get(change.trackingId);
    bySend.set(
      change.trackingId,
      earlier ? { ...earlier, fields: { ...earlier.fields, ...change.fields } } : change,
    );
  }
  // In one order, so batches of replicas that share sends lock their rows in the same order.
  return [...bySend.values()].sort((a, b) => (a.trackingId < b.trackingId ? -1 : 1));
}
