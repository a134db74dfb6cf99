import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface DeduplicationClaim {
  envId: string;
  key: string;
  trackingId: string;
  windowSeconds: number;
}

/**
 * Deduplication keys live in PostgreSQL, so that every notifications replica sees the same ones:
 * a send claims its key for the window, and a second send with the same key inside the window
 * finds it taken. A redelivered send finds its own claim and is not a duplicate of itself.
 */
@Injectable()
export class DeduplicationRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The tracking ids of the claims that succeeded, in one statement for the whole batch. */
  async claim(claims: DeduplicationClaim[]): Promise<Set<string>> {
    const first = new Map<string, DeduplicationClaim>();
    for (const claim of claims) {
      const id = `${claim.envId}\u0000${claim.key}`;
      if (!first.has(id)) first.set(id, claim);
    }
    if (first.size === 0) return new Set();
    const unique = [...first.values()];
    const rows: { tracking_id: string }[] = await this.dataSource.query(
      `INSERT INTO notifications.deduplication_keys AS d (env_id, key, tracking_id, expires_at)
       SELECT c.env_id, c.key, c.tracking_id, now() + make_interval(secs => c.window_seconds)
         FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::int[])
           AS c(env_id, key, tracking_id, window_seconds)
       ON CONFLICT (env_id, key) DO UPDATE
         SET tracking_id = EXCLUDED.tracking_id, expires_at = EXCLUDED.expires_at
         WHERE d.expires_at <= now() OR d.tracking_id = EXCLUDED.tracking_id
       RETURNING tracking_id`,
      [
        unique.map((c) => c.envId),
        unique.map((c) => c.key),
        unique.map((c) => c.trackingId),
        unique.map((c) => c.windowSeconds),
      ],
    );
    return new Set(rows.map((row) => row.tracking_id));
  }

  async deleteExpired(): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM notifications.deduplication_keys WHERE ctid IN (
         SELECT ctid FROM notifications.deduplication_keys WHERE expires_at < now() LIMIT 10000)`,
    );
  }
}
