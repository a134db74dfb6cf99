import { Injectable } from '@nestjs/common';
import { Channel } from '@clarion/contracts';
import { DataSource } from 'typeorm';
import { NotificationTypeEntity } from './notification-type.entity';

export interface NewNotificationType {
  accountId: string;
  envId: string;
  notificationId: string;
  channels: Channel[];
}

@Injectable()
export class NotificationTypesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Creates the types that do not exist yet and returns all of them, in one round-trip each. */
  async ensureMany(types: NewNotificationType[]): Promise<NotificationTypeEntity[]> {
    if (types.length === 0) return [];
    const params: unknown[] = [];
    const tuples = types.map((t) => {
      const values = [t.accountId, t.envId, t.notificationId, t.notificationId, t.channels];
      return `(${values.map((v) => `$${params.push(v)}`).join(', ')})`;
    });
    await this.dataSource.query(
      `INSERT INTO notifications.notification_types (account_id, env_id, notification_id, title, channels)
       VALUES ${tuples.join(', ')}
       ON CONFLICT (env_id, notification_id) DO NOTHING`,
      params,
    );
    return this.dataSource
      .getRepository(NotificationTypeEntity)
      .createQueryBuilder('t')
      .where(
        '(t.env_id, t.notification_id) IN (SELECT * FROM unnest(:envIds::uuid[], :ids::text[]))',
        {
          envIds: types.map((t) => t.envId),
          ids: types.map((t) => t.notificationId),
        },
      )
      .getMany();
  }
}
