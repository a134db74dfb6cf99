import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  EndUserRef,
  InappMarkSeenDto,
  InappStatusUpdateDto,
  InboxEntry,
  RetractRequest,
} from '@clarion/contracts';
import { DataSource, IsNull, LessThan, Repository } from 'typeorm';
import {
  INBOX_CHANGE_RETURNING,
  INBOX_CURSOR,
  INBOX_UPDATED_AT_NEXT,
  InboxChangedRow,
  InboxChanges,
} from './inbox-changes';
import { InboxNotificationEntity } from './inbox-notification.entity';
import { isUnstorableEntryError } from './unstorable-entry';

@Injectable()
export class InboxRepository {
  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(InboxNotificationEntity)
    private readonly inbox: Repository<InboxNotificationEntity>,
    private readonly changes: InboxChanges,
  ) {}

  /**
   * Stores many entries in one statement, and answers those the database refuses for good (by
   * trackingId, with its reason). One such entry fails the statement for the whole batch, so
   * then each is stored on its own to find it; a transient failure throws, for a retry. The
   * entries stored are broadcast to the users' realtime streams.
   */
  async insertMany(entries: InboxEntry[]): Promise<Map<string, string>> {
    const unstorable = new Map<string, string>();
    try {
      this.changes.publishStored(entries, await this.insert(entries));
      return unstorable;
    } catch (error) {
      if (!isUnstorableEntryError(error)) throw error;
    }
    const cursors = new Map<string, string>();
    for (const entry of entries) {
      try {
        for (const [trackingId, cursor] of await this.insert([entry])) {
          cursors.set(trackingId, cursor);
        }
      } catch (error) {
        if (!isUnstorableEntryError(error)) throw error;
        unstorable.set(entry.trackingId, error.message);
      }
    }
    this.changes.publishStored(entries, cursors);
    return unstorable;
  }

  /**
   * Stores many entries in one statement. An entry stored before (a redelivery) is left alone,
   * and one of a send received before a retraction of its type for its user never lands.
   * Answers the cursors of the entries stored, by trackingId (updated_at defaults to the clock).
   */
  private async insert(entries: InboxEntry[]): Promise<Map<string, string>> {
    if (entries.length === 0) return new Map();
    const rows = await this.dataSource.query<{ tracking_id: string; cursor: string }[]>(
      `INSERT INTO notifications.inbox_notifications
         (account_id, env_id, tracking_id, user_id, notification_id, sub_notification_id,
          title, redirect_url, image_url, parameters, created_at)
       SELECT e.* FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[],
                              $6::text[], $7::text[], $8::text[], $9::text[], $10::jsonb[],
                              $11::timestamptz[])
           AS e(account_id, env_id, tracking_id, user_id, notification_id, sub_notification_id,
                title, redirect_url, image_url, parameters, created_at)
        WHERE NOT EXISTS (
          SELECT 1 FROM notifications.inbox_retractions r
           WHERE r.env_id = e.env_id AND r.user_id = e.user_id
             AND r.notification_id = e.notification_id
             AND r.sub_notification_id IN ('', COALESCE(e.sub_notification_id, ''))
             AND r.retracted_at >= e.created_at)
       ON CONFLICT (env_id, tracking_id) DO NOTHING
       RETURNING tracking_id, ${INBOX_CURSOR} AS cursor`,
      [
        entries.map((e) => e.accountId),
        entries.map((e) => e.envId),
        entries.map((e) => e.trackingId),
        entries.map((e) => e.userId),
        entries.map((e) => e.notificationId),
        entries.map((e) => e.subNotificationId ?? null),
        entries.map((e) => e.title),
        entries.map((e) => e.redirectURL ?? null),
        entries.map((e) => e.imageURL ?? null),
        entries.map((e) => JSON.stringify(e.parameters)),
        entries.map((e) => e.receivedAt),
      ],
    );
    return new Map(rows.map((row) => [row.tracking_id, row.cursor]));
  }

  /**
   * Retracts a type (or one sub-notification of it) for a user: removes what the inbox holds and
   * records the retraction, so that entries of earlier sends still on their way never land.
   * Answers how many were removed; open streams hear the unread count that is left.
   */
  async retract(request: RetractRequest): Promise<number> {
    const subNotificationId = request.subNotificationId ?? null;
    const removed = await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO notifications.inbox_retractions
           (account_id, env_id, user_id, notification_id, sub_notification_id, retracted_at)
         VALUES ($1, $2, $3, $4, COALESCE($5::text, ''), now())
         ON CONFLICT (env_id, user_id, notification_id, sub_notification_id)
         DO UPDATE SET retracted_at = now()`,
        [
          request.accountId,
          request.envId,
          request.userId,
          request.notificationId,
          subNotificationId,
        ],
      );
      const [removed] = await manager.query<{ n: number }[]>(
        `WITH removed AS (
           DELETE FROM notifications.inbox_notifications
            WHERE account_id = $1 AND env_id = $2 AND user_id = $3 AND notification_id = $4
              AND ($5::text IS NULL OR sub_notification_id = $5)
           RETURNING 1)
         SELECT count(*)::int AS n FROM removed`,
        [
          request.accountId,
          request.envId,
          request.userId,
          request.notificationId,
          subNotificationId,
        ],
      );
      return removed?.n ?? 0;
    });
    if (removed > 0) this.changes.publishUnread(request, await this.countUnread(request));
    return removed;
  }

  listNewestFirst(
    user: EndUserRef,
    before: Date | undefined,
    count: number,
  ): Promise<InboxNotificationEntity[]> {
    return this.inbox.find({
      where: { ...tenantUser(user), ...(before && { createdAt: LessThan(before) }) },
      order: { createdAt: 'DESC', trackingId: 'DESC' },
      take: count,
    });
  }

  /** Marks one notification, one type's, or all of the user's as seen; answers how many changed. */
  async markSeen(user: EndUserRef, target: InappMarkSeenDto): Promise<number> {
    // A CTE, so the driver answers rows (a bare UPDATE answers [rows, count]).
    const changed = await this.dataSource.query<InboxChangedRow[]>(
      `WITH updated AS (UPDATE notifications.inbox_notifications SET
         seen_at = now(), updated_at = ${INBOX_UPDATED_AT_NEXT}
       WHERE account_id = $1 AND env_id = $2 AND user_id = $3 AND seen_at IS NULL
         AND ($4::uuid IS NULL OR tracking_id = $4) AND ($5::text IS NULL OR notification_id = $5)
       RETURNING ${INBOX_CHANGE_RETURNING})
       SELECT * FROM updated`,
      [
        user.accountId,
        user.envId,
        user.userId,
        target.trackingId ?? null,
        target.notificationId ?? null,
      ],
    );
    if (changed.length > 0) await this.publishUnread(user, changed);
    return changed.length;
  }

  /** Sets the given status times (opening also counts as seeing); answers how many matched. */
  async updateStatus(user: EndUserRef, update: InappStatusUpdateDto): Promise<number> {
    // A CTE, so the driver answers rows (a bare UPDATE answers [rows, count]).
    const changed = await this.dataSource.query<InboxChangedRow[]>(
      `WITH updated AS (UPDATE notifications.inbox_notifications SET
         opened_at = COALESCE($5::timestamptz, opened_at),
         seen_at = COALESCE(seen_at, $5::timestamptz),
         clicked_at = COALESCE($6::timestamptz, clicked_at),
         archived_at = COALESCE($7::timestamptz, archived_at),
         actioned1_at = COALESCE($8::timestamptz, actioned1_at),
         actioned2_at = COALESCE($9::timestamptz, actioned2_at),
         replies = COALESCE($10::jsonb, replies) || COALESCE($11::jsonb, '[]'::jsonb),
         updated_at = ${INBOX_UPDATED_AT_NEXT}
       WHERE account_id = $1 AND env_id = $2 AND user_id = $3 AND tracking_id = ANY($4::uuid[])
       RETURNING ${INBOX_CHANGE_RETURNING})
       SELECT * FROM updated`,
      [
        user.accountId,
        user.envId,
        user.userId,
        update.trackingIds,
        update.opened ?? null,
        update.clicked ?? null,
        update.archived ?? null,
        update.actioned1 ?? null,
        update.actioned2 ?? null,
        update.replies === undefined ? null : JSON.stringify(update.replies),
        update.reply === undefined ? null : JSON.stringify([update.reply]),
      ],
    );
    if (changed.length > 0) await this.publishUnread(user, changed);
    return changed.length;
  }

  /**
   * The user's entries changed after `since` (a cursor), the newest `limit` of them, oldest
   * first: what a realtime stream missed while its client was away.
   */
  async changedSince(user: EndUserRef, since: string, limit: number): Promise<InboxChangedRow[]> {
    const rows = await this.dataSource.query<InboxChangedRow[]>(
      `SELECT ${INBOX_CHANGE_RETURNING} FROM notifications.inbox_notifications
        WHERE account_id = $1 AND env_id = $2 AND user_id = $3
          AND updated_at > to_timestamp(0) + ($4::bigint / 1000000) * interval '1 second'
                                           + ($4::bigint % 1000000) * interval '1 microsecond'
        ORDER BY updated_at DESC, tracking_id DESC
        LIMIT $5`,
      [user.accountId, user.envId, user.userId, since, limit],
    );
    return rows.reverse();
  }

  /** Broadcasts a user's changed rows with the unread count they leave (a user's own action). */
  private async publishUnread(user: EndUserRef, changed: InboxChangedRow[]): Promise<void> {
    const unread = await this.countUnread(user);
    this.changes.publish(
      changed,
      new Map([[InboxChanges.userKey(user.envId, user.userId), unread]]),
    );
  }

  countUnread(user: EndUserRef): Promise<number> {
    return this.inbox.countBy({ ...tenantUser(user), seenAt: IsNull(), archivedAt: IsNull() });
  }
}

function tenantUser(user: EndUserRef) {
  return { accountId: user.accountId, envId: user.envId, userId: user.userId };
}
