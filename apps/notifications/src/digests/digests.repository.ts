import { Injectable } from '@nestjs/common';
import { Channel, DeliveryJob, RetractRequest, TemplateContent } from '@clarion/contracts';
import { DataSource } from 'typeorm';

export interface DigestEntry {
  job: DeliveryJob<TemplateContent>;
  userId: string;
  releaseAt: Date;
}

/** Sends gathered for a digest, kept until their release time. */
@Injectable()
export class DigestsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Stores a batch's entries in one statement; a redelivered send does not add a second one. */
  async add(entries: DigestEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await this.dataSource.query(
      `INSERT INTO notifications.digest_entries
         (tracking_id, channel, account_id, env_id, user_id, notification_id, release_at, job)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::uuid[], $5::text[], $6::text[],
                            $7::timestamptz[], $8::jsonb[])
       ON CONFLICT DO NOTHING`,
      [
        entries.map((e) => e.job.trackingId),
        entries.map((e) => e.job.channel),
        entries.map((e) => e.job.accountId),
        entries.map((e) => e.job.envId),
        entries.map((e) => e.userId),
        entries.map((e) => e.job.notificationId),
        entries.map((e) => e.releaseAt),
        entries.map((e) => JSON.stringify(e.job)),
      ],
    );
  }

  /** Removes the entries of a type (or of one sub-notification of it) for a user; answers how many. */
  async removeRetracted(request: RetractRequest): Promise<number> {
    const [removed] = await this.dataSource.query<{ n: number }[]>(
      `WITH removed AS (
         DELETE FROM notifications.digest_entries
          WHERE account_id = $1 AND env_id = $2 AND user_id = $3 AND notification_id = $4
            AND ($5::text IS NULL OR job->>'subNotificationId' = $5)
         RETURNING 1)
       SELECT count(*)::int AS n FROM removed`,
      [
        request.accountId,
        request.envId,
        request.userId,
        request.notificationId,
        request.subNotificationId ?? null,
      ],
    );
    return removed?.n ?? 0;
  }

  /**
   * Takes due entries (SKIP LOCKED, so replicas never take the same ones), hands them to
   * `release`, and deletes them in the same transaction: a failed release leaves them in place.
   */
  async releaseDue(
    limit: number,
    release: (jobs: DeliveryJob<TemplateContent>[]) => Promise<void>,
  ): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const rows: { tracking_id: string; channel: Channel; job: DeliveryJob<TemplateContent> }[] =
        await manager.query(
          `SELECT tracking_id, channel, job FROM notifications.digest_entries
            WHERE release_at <= now()
            ORDER BY release_at, created_at LIMIT $1 FOR UPDATE SKIP LOCKED`,
          [limit],
        );
      if (rows.length === 0) return 0;
      await release(rows.map((row) => row.job));
      await manager.query(
        `DELETE FROM notifications.digest_entries d
          USING unnest($1::uuid[], $2::text[]) AS r(tracking_id, channel)
          WHERE d.tracking_id = r.tracking_id AND d.channel = r.channel`,
        [rows.map((row) => row.tracking_id), rows.map((row) => row.channel)],
      );
      return rows.length;
    });
  }
}
