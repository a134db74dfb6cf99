import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EndUserRef, InappMarkSeenDto, InappStatusUpdateDto, InboxEntry } from '@clarion/contracts';
import { DataSource, IsNull, LessThan, Repository } from 'typeorm';
import { InboxNotificationEntity } from './inbox-notification.entity';

@Injectable()
export class InboxRepository {
  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(InboxNotificationEntity)
    private readonly inbox: Repository<InboxNotificationEntity>,
  ) {}

  /** Stores many entries in one statement; an entry stored before (a redelivery) is left alone. */
  async insertMany(entries: InboxEntry[]): Promise<void> {
    if (entries.length === 0) return;
    const params: unknown[] = [];
    const tuples = entries.map((e) => {
      const values = [
        e.accountId,
        e.envId,
        e.trackingId,
        e.userId,
        e.notificationId,
        e.subNotificationId ?? null,
        e.title,
        e.redirectURL ?? null,
        e.imageURL ?? null,
        JSON.stringify(e.parameters),
        e.receivedAt,
      ];
      return `(${values.map((v) => `$${params.push(v)}`).join(', ')})`;
    });
    await this.dataSource.query(
      `INSERT INTO notifications.inbox_notifications
         (account_id, env_id, tracking_id, user_id, notification_id, sub_notification_id,
          title, redirect_url, image_url, parameters, created_at)
       VALUES ${tuples.join(', ')}
       ON CONFLICT (env_id, tracking_id) DO NOTHING`,
      params,
    );
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
    const query = this.inbox
      .createQueryBuilder()
      .update()
      .set({ seenAt: () => 'now()' })
      .where('account_id = :accountId AND env_id = :envId AND user_id = :userId', tenantUser(user))
      .andWhere('seen_at IS NULL');
    if (target.trackingId)
      query.andWhere('tracking_id = :trackingId', { trackingId: target.trackingId });
    if (target.notificationId)
      query.andWhere('notification_id = :notificationId', {
        notificationId: target.notificationId,
      });
    return (await query.execute()).affected ?? 0;
  }

  /** Sets the given status times (opening also counts as seeing); answers how many matched. */
  async updateStatus(user: EndUserRef, update: InappStatusUpdateDto): Promise<number> {
    // A CTE, so the driver answers rows (a bare UPDATE answers [rows, count]).
    const [matched] = await this.dataSource.query<{ n: number }[]>(
      `WITH updated AS (UPDATE notifications.inbox_notifications SET
         opened_at = COALESCE($5::timestamptz, opened_at),
         seen_at = COALESCE(seen_at, $5::timestamptz),
         clicked_at = COALESCE($6::timestamptz, clicked_at),
         archived_at = COALESCE($7::timestamptz, archived_at),
         actioned1_at = COALESCE($8::timestamptz, actioned1_at),
         actioned2_at = COALESCE($9::timestamptz, actioned2_at),
         replies = COALESCE($10::jsonb, replies) || COALESCE($11::jsonb, '[]'::jsonb)
       WHERE account_id = $1 AND env_id = $2 AND user_id = $3 AND tracking_id = ANY($4::uuid[])
       RETURNING tracking_id)
       SELECT count(*)::int AS n FROM updated`,
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
    return matched?.n ?? 0;
  }

  countUnread(user: EndUserRef): Promise<number> {
    return this.inbox.countBy({ ...tenantUser(user), seenAt: IsNull(), archivedAt: IsNull() });
  }
}

function tenantUser(user: EndUserRef) {
  return { accountId: user.accountId, envId: user.envId, userId: user.userId };
}
