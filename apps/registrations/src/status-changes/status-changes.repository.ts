import { Injectable } from '@nestjs/common';
import {
  newTimeOrderedId,
  RegistrationActorRole,
  RegistrationStatus,
  RegistrationSubject,
  StatusChangeDto,
} from '@clarion/contracts';
import { DataSource, EntityManager } from 'typeorm';

export interface NewStatusChange {
  accountId: string;
  subject: RegistrationSubject;
  from: RegistrationStatus;
  to: RegistrationStatus;
  reason?: string;
  actorRole: RegistrationActorRole;
  actor: string;
}

interface StatusChangeRow {
  id: string;
  account_id: string;
  subject: RegistrationSubject;
  from_status: RegistrationStatus;
  to_status: RegistrationStatus;
  reason: string | null;
  actor_role: RegistrationActorRole;
  actor: string;
  at: Date;
}

/**
 * Every status change of a brand or campaign, with who made it and when. Rows not yet published
 * to the AUDIT stream are the outbox of {@link AuditRelay}.
 */
@Injectable()
export class StatusChangesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Records a change in the transaction that makes it. */
  async record(manager: EntityManager, change: NewStatusChange): Promise<StatusChangeDto> {
    const rows: StatusChangeRow[] = await manager.query(
      `INSERT INTO registrations.status_changes
         (id, account_id, subject, from_status, to_status, reason, actor_role, actor)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       RETURNING *`,
      [
        newTimeOrderedId(),
        change.accountId,
        change.subject,
        change.from,
        change.to,
        change.reason ?? null,
        change.actorRole,
        change.actor,
      ],
    );
    const [row] = rows;
    if (!row) throw new Error('INSERT … RETURNING answered no row');
    return changeOf(row);
  }

  async ofAccount(accountId: string): Promise<StatusChangeDto[]> {
    const rows: StatusChangeRow[] = await this.dataSource.query(
      `SELECT * FROM registrations.status_changes WHERE account_id = $1 ORDER BY at, id`,
      [accountId],
    );
    return rows.map(changeOf);
  }

  /**
   * Hands up to `limit` unpublished changes, oldest first, to `publish`, and marks them published
   * in the same transaction. Rows are locked SKIP LOCKED, so replicas share the work; a failed
   * publish leaves them for the next run (the change id is the Nats-Msg-Id, so a repeat is dropped).
   */
  publishPending(
    limit: number,
    publish: (changes: StatusChangeDto[]) => Promise<void>,
  ): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const rows: StatusChangeRow[] = await manager.query(
        `SELECT * FROM registrations.status_changes WHERE published_at IS NULL
          ORDER BY at, id LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [limit],
      );
      if (rows.length === 0) return 0;
      await publish(rows.map(changeOf));
      await manager.query(
        `UPDATE registrations.status_changes SET published_at = now() WHERE id = ANY($1::uuid[])`,
        [rows.map((row) => row.id)],
      );
      return rows.length;
    });
  }
}

function changeOf(row: StatusChangeRow): StatusChangeDto {
  return {
    id: row.id,
    accountId: row.account_id,
    subject: row.subject,
    from: row.from_status,
    to: row.to_status,
    ...(row.reason !== null && { reason: row.reason }),
    actorRole: row.actor_role,
    actor: row.actor,
    at: row.at.toISOString(),
  };
}
