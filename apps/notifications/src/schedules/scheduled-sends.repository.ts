import { Injectable } from '@nestjs/common';
import { SendCommand, SendDto } from '@clarion/contracts';
import { DataSource, EntityManager } from 'typeorm';

export interface DueSend {
  trackingId: string;
  command: SendCommand;
}

@Injectable()
export class ScheduledSendsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Stores scheduled sends; one stored before (a redelivery) is left as it is. */
  async insertMany(commands: { command: SendCommand; dueAt: string }[]): Promise<void> {
    if (commands.length === 0) return;
    const params: unknown[] = [];
    const tuples = commands.map(({ command, dueAt }) => {
      const values = [
        command.trackingId,
        command.accountId,
        command.envId,
        dueAt,
        JSON.stringify(command),
      ];
      return `(${values.map((v) => `$${params.push(v)}`).join(', ')})`;
    });
    await this.dataSource.query(
      `INSERT INTO notifications.scheduled_sends (tracking_id, account_id, env_id, due_at, command)
       VALUES ${tuples.join(', ')} ON CONFLICT (tracking_id) DO NOTHING`,
      params,
    );
  }

  /**
   * Hands the sends that are due to `release` inside a transaction that holds their rows
   * (`FOR UPDATE SKIP LOCKED`, so replicas never take the same one) and marks them released.
   */
  releaseDue(limit: number, release: (due: DueSend[]) => Promise<void>): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const due: { tracking_id: string; command: SendCommand }[] = await manager.query(
        `SELECT tracking_id, command FROM notifications.scheduled_sends
          WHERE status = 'pending' AND due_at <= now()
          ORDER BY due_at LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [limit],
      );
      if (due.length === 0) return 0;
      await release(due.map((row) => ({ trackingId: row.tracking_id, command: row.command })));
      await this.setStatus(
        manager,
        due.map((row) => row.tracking_id),
        'released',
      );
      return due.length;
    });
  }

  /** Replaces the body (and the time) of a pending send; false when there is none. */
  async update(
    accountId: string,
    trackingId: string,
    body: SendDto,
    dueAt: string | undefined,
  ): Promise<boolean> {
    const [row] = await this.dataSource.query<{ n: number }[]>(
      `WITH updated AS (
         UPDATE notifications.scheduled_sends
            SET command = jsonb_set(command, '{body}', $3::jsonb), due_at = COALESCE($4::timestamptz, due_at),
                updated_at = now()
          WHERE account_id = $1 AND tracking_id = $2 AND status = 'pending'
         RETURNING 1)
       SELECT count(*)::int AS n FROM updated`,
      [accountId, trackingId, JSON.stringify(body), dueAt ?? null],
    );
    return (row?.n ?? 0) > 0;
  }

  /** Cancels a pending send; false when there is none. */
  async cancel(accountId: string, trackingId: string): Promise<boolean> {
    const [row] = await this.dataSource.query<{ n: number }[]>(
      `WITH canceled AS (
         UPDATE notifications.scheduled_sends SET status = 'canceled', updated_at = now()
          WHERE account_id = $1 AND tracking_id = $2 AND status = 'pending'
         RETURNING 1)
       SELECT count(*)::int AS n FROM canceled`,
      [accountId, trackingId],
    );
    return (row?.n ?? 0) > 0;
  }

  private async setStatus(
    manager: EntityManager,
    trackingIds: string[],
    status: string,
  ): Promise<void> {
    await manager.query(
      `UPDATE notifications.scheduled_sends SET status = $2, updated_at = now() WHERE tracking_id = ANY($1::uuid[])`,
      [trackingIds, status],
    );
  }
}
