import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EndUserRef, InboxEntry } from '@clarion/contracts';
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

  countUnread(user: EndUserRef): Promise<number> {
    return this.inbox.countBy({ ...tenantUser(user), seenAt: IsNull(), archivedAt: IsNull() });
  }
}

function tenantUser(user: EndUserRef) {
  return { accountId: user.accountId, envId: user.envId, userId: user.userId };
}
