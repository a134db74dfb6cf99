import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ThrottleWindow } from './throttle-window';

export interface ThrottleCount {
  envId: string;
  scopeKey: string;
  window: ThrottleWindow;
  max: number;
  trackingId: string;
}

/**
 * Throttle counters live in PostgreSQL and are incremented atomically, so that several
 * notifications replicas share one count per scope and window.
 */
@Injectable()
export class ThrottleRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Counts the sends of a batch; returns the tracking ids beyond their limit. */
  async count(counts: ThrottleCount[]): Promise<Set<string>> {
    const groups = new Map<string, ThrottleCount[]>();
    for (const count of counts) {
      const id = `${count.envId}\u0000${count.scopeKey}\u0000${count.window.start.getTime()}`;
      groups.set(id, [...(groups.get(id) ?? []), count]);
    }
    if (groups.size === 0) return new Set();
    const heads = [...groups.values()].map((group) => group[0] as ThrottleCount);
    const rows: { env_id: string; scope_key: string; window_start: Date; count: number }[] =
      await this.dataSource.query(
        `INSERT INTO notifications.throttle_counters AS t
           (env_id, scope_key, window_start, expires_at, count)
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::timestamptz[], $4::timestamptz[], $5::int[])
         ON CONFLICT (env_id, scope_key, window_start) DO UPDATE SET count = t.count + EXCLUDED.count
         RETURNING env_id, scope_key, window_start, count`,
        [
          heads.map((c) => c.envId),
          heads.map((c) => c.scopeKey),
          heads.map((c) => c.window.start),
          heads.map((c) => c.window.expiresAt),
          [...groups.values()].map((group) => group.length),
        ],
      );
    const throttled = new Set<string>();
    for (const row of rows) {
      const group =
        groups.get(`${row.env_id}\u0000${row.scope_key}\u0000${row.window_start.getTime()}`) ?? [];
      // The group took the last group.length numbers up to row.count; those beyond max wait.
      const firstNumber = row.count - group.length + 1;
      group.forEach((count, index) => {
        if (firstNumber + index > count.max) throttled.add(count.trackingId);
      });
    }
    return throttled;
  }

  async deleteExpired(): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM notifications.throttle_counters WHERE ctid IN (
         SELECT ctid FROM notifications.throttle_counters WHERE expires_at < now() LIMIT 10000)`,
    );
  }
}
