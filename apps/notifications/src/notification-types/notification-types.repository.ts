import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Channel, NotificationTypeRef, TenantScope } from '@clarion/contracts';
import { DataSource, Repository } from 'typeorm';
import { NotificationTypeEntity } from './notification-type.entity';

export interface NewNotificationType {
  accountId: string;
  envId: string;
  notificationId: string;
  channels: Channel[];
}

@Injectable()
export class NotificationTypesRepository {
  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(NotificationTypeEntity)
    private readonly types: Repository<NotificationTypeEntity>,
  ) {}

  find(ref: NotificationTypeRef): Promise<NotificationTypeEntity | null> {
    return this.types.findOneBy({
      accountId: ref.accountId,
      envId: ref.envId,
      notificationId: ref.notificationId,
    });
  }

  list(scope: TenantScope): Promise<NotificationTypeEntity[]> {
    return this.types.find({
      where: { accountId: scope.accountId, envId: scope.envId },
      order: { notificationId: 'ASC' },
    });
  }

  /** Stores a new type; false when one with its id exists. */
  async insert(type: Omit<NotificationTypeEntity, 'createdAt' | 'updatedAt'>): Promise<boolean> {
    const result = await this.types
      .createQueryBuilder()
      .insert()
      .values(type)
      .orIgnore()
      .returning(['notificationId'])
      .execute();
    return result.raw.length === 1;
  }

  async update(ref: NotificationTypeRef, changes: Partial<NotificationTypeEntity>): Promise<void> {
    await this.types.update(
      { accountId: ref.accountId, envId: ref.envId, notificationId: ref.notificationId },
      changes,
    );
  }

  /** Removes a type with its templates, its sub-notifications and the users' preferences for it. */
  async delete(ref: NotificationTypeRef): Promise<void> {
    const params = [ref.accountId, ref.envId, ref.notificationId];
    const where = 'account_id = $1 AND env_id = $2 AND notification_id = $3';
    await this.dataSource.transaction(async (manager) => {
      for (const table of ['templates', 'sub_notifications', 'preferences', 'notification_types']) {
        await manager.query(`DELETE FROM notifications.${table} WHERE ${where}`, params);
      }
    });
  }

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
    return this.types
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
