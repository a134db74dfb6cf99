import { Injectable } from '@nestjs/common';
import {
  NotificationTypeRef,
  SaveSubNotificationRequest,
  SubNotificationRef,
  SubNotificationResponseDto,
  TenantScope,
} from '@clarion/contracts';
import { DataSource } from 'typeorm';

interface SubNotificationRow {
  notification_id: string;
  sub_notification_id: string;
  title: string;
}

/** The sub-notifications of each notification type, with their titles. */
@Injectable()
export class SubNotificationsRepository {
  constructor(private readonly dataSource: DataSource) {}

  list(scope: TenantScope): Promise<SubNotificationResponseDto[]> {
    return this.dataSource
      .query<SubNotificationRow[]>(
        `SELECT notification_id, sub_notification_id, title FROM notifications.sub_notifications
          WHERE account_id = $1 AND env_id = $2
          ORDER BY notification_id, sub_notification_id`,
        [scope.accountId, scope.envId],
      )
      .then((rows) => rows.map(toSubNotification));
  }

  /** The ids of the sub-notifications of one type. */
  async idsOfType(ref: NotificationTypeRef): Promise<string[]> {
    const rows = await this.dataSource.query<Pick<SubNotificationRow, 'sub_notification_id'>[]>(
      `SELECT sub_notification_id FROM notifications.sub_notifications
        WHERE account_id = $1 AND env_id = $2 AND notification_id = $3
        ORDER BY sub_notification_id`,
      [ref.accountId, ref.envId, ref.notificationId],
    );
    return rows.map((row) => row.sub_notification_id);
  }

  /** Creates or retitles a sub-notification of an existing type; undefined when there is none. */
  async save(request: SaveSubNotificationRequest): Promise<SubNotificationResponseDto | undefined> {
    const [row] = await this.dataSource.query<SubNotificationRow[]>(
      `INSERT INTO notifications.sub_notifications
         (account_id, env_id, notification_id, sub_notification_id, title)
       SELECT t.account_id, t.env_id, t.notification_id, $4, $5
         FROM notifications.notification_types t
        WHERE t.account_id = $1 AND t.env_id = $2 AND t.notification_id = $3
       ON CONFLICT (env_id, notification_id, sub_notification_id)
       DO UPDATE SET title = EXCLUDED.title, updated_at = now()
       RETURNING notification_id, sub_notification_id, title`,
      [
        request.accountId,
        request.envId,
        request.notificationId,
        request.subNotificationId,
        request.title,
      ],
    );
    return row && toSubNotification(row);
  }

  /** Registers the sub-notifications sends name, titled by their id until given a title. */
  async ensureMany(refs: SubNotificationRef[]): Promise<void> {
    if (refs.length === 0) return;
    await this.dataSource.query(
      `INSERT INTO notifications.sub_notifications
         (account_id, env_id, notification_id, sub_notification_id, title)
       SELECT r.*, r.sub_notification_id
         FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[])
           AS r(account_id, env_id, notification_id, sub_notification_id)
       ON CONFLICT DO NOTHING`,
      [
        refs.map((r) => r.accountId),
        refs.map((r) => r.envId),
        refs.map((r) => r.notificationId),
        refs.map((r) => r.subNotificationId),
      ],
    );
  }

  /**
   * Removes a sub-notification and the users' preferences for it, in one transaction; false
   * (and nothing removed) when there is none.
   */
  delete(ref: SubNotificationRef): Promise<boolean> {
    const params = [ref.accountId, ref.envId, ref.notificationId, ref.subNotificationId];
    const where =
      'account_id = $1 AND env_id = $2 AND notification_id = $3 AND sub_notification_id = $4';
    return this.dataSource.transaction(async (manager) => {
      const [removed] = await manager.query<{ n: number }[]>(
        `WITH removed AS (DELETE FROM notifications.sub_notifications WHERE ${where} RETURNING 1)
         SELECT count(*)::int AS n FROM removed`,
        params,
      );
      if (!removed?.n) return false;
      await manager.query(`DELETE FROM notifications.preferences WHERE ${where}`, params);
      return true;
    });
  }
}

function toSubNotification(row: SubNotificationRow): SubNotificationResponseDto {
  return {
    notificationId: row.notification_id,
    subNotificationId: row.sub_notification_id,
    title: row.title,
  };
}
