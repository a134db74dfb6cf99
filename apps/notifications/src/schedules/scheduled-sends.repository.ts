import { Injectable } from '@nestjs/common';
import { RetractRequest, SendCommand, SendPatchDto } from '@clarion/contracts';
import { DataSource, EntityManager } from 'typeorm';

/** How a change of a scheduled send treats its stored body. */
export type BodyChange = 'replace' | 'merge';

/** The fields of a stored send command the way normalizeSend reads its body. */
const BODY = "command->'body'";
const RECIPIENT = `COALESCE(${BODY}->'to', ${BODY}->'user')`;
const RECIPIENT_ID = `COALESCE(${RECIPIENT}->>'id', ${RECIPIENT}->>'email', ${RECIPIENT}->>'number')`;
const TYPE = `COALESCE(${BODY}->>'type', ${BODY}->>'notificationId')`;
const SUB_NOTIFICATION_ID = `COALESCE(${BODY}->>'subNotificationId', ${BODY}->>'secondaryId')`;

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

  /**
   * Replaces the body of a pending send, or merges the given fields into it, and moves it to
   * `dueAt` when given; false when there is no such pending send.
   */
  async update(
    accountId: string,
    trackingId: string,
    body: SendPatchDto,
    dueAt: string | undefined,
    change: BodyChange = 'replace',
  ): Promise<boolean> {
    const [row] = await this.dataSource.query<{ n: number }[]>(
      `WITH updated AS (
         UPDATE notifications.scheduled_sends
            SET command = jsonb_set(command, '{body}',
                  CASE WHEN $5 THEN ${BODY} || $3::jsonb ELSE $3::jsonb END),
                due_at = COALESCE($4::timestamptz, due_at),
                updated_at = now()
          WHERE account_id = $1 AND tracking_id = $2 AND status = 'pending'
         RETURNING 1)
       SELECT count(*)::int AS n FROM updated`,
      [accountId, trackingId, JSON.stringify(body), dueAt ?? null, change === 'merge'],
    );
    return (row?.n ?? 0) > 0;
  }

  /**
   * Cancels the pending sends of a type (or of one sub-notification of it) to a user; answers
   * their trackingIds.
   */
  async cancelMatching(request: RetractRequest): Promise<string[]> {
    const rows = await this.dataSource.query<{ tracking_id: string }[]>(
      `WITH canceled AS (
         UPDATE notifications.scheduled_sends SET status = 'canceled', updated_at = now()
          WHERE account_id = $1 AND env_id = $2 AND status = 'pending'
            AND ${TYPE} = $3 AND ${RECIPIENT_ID} = $4
            AND ($5::text IS NULL OR ${SUB_NOTIFICATION_ID} = $5)
         RETURNING tracking_id)
       SELECT tracking_id FROM canceled`,
      [
        request.accountId,
        request.envId,
        request.notificationId,
        request.userId,
        request.subNotificationId ?? null,
      ],
    );
    return rows.map((row) => row.tracking_id);
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
