import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  Channel,
  DeliveryOption,
  TemplateRef,
  TemplatesRef,
  TenantScope,
} from '@clarion/contracts';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { TemplateEntity } from './template.entity';

export type NewTemplate = Pick<
  TemplateEntity,
  'accountId' | 'envId' | 'notificationId' | 'channel' | 'templateId' | 'content' | 'variables'
>;

@Injectable()
export class TemplatesRepository {
  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(TemplateEntity) private readonly templates: Repository<TemplateEntity>,
  ) {}

  list(ref: TemplatesRef): Promise<TemplateEntity[]> {
    return this.templates.find({ where: whereOf(ref), order: { createdAt: 'ASC' } });
  }

  listOfType(scope: TenantScope, notificationId: string): Promise<TemplateEntity[]> {
    return this.templates.find({
      where: { accountId: scope.accountId, envId: scope.envId, notificationId },
      order: { channel: 'ASC', createdAt: 'ASC' },
    });
  }

  find(ref: TemplateRef): Promise<TemplateEntity | null> {
    return this.templates.findOneBy({ ...whereOf(ref), templateId: ref.templateId });
  }

  /** Every template of the given types, in one query (for a batch of sends). */
  ofTypes(types: { envId: string; notificationId: string }[]): Promise<TemplateEntity[]> {
    if (types.length === 0) return Promise.resolve([]);
    return this.templates
      .createQueryBuilder('t')
      .where(
        '(t.env_id, t.notification_id) IN (SELECT * FROM unnest(:envIds::uuid[], :ids::text[]))',
        { envIds: types.map((t) => t.envId), ids: types.map((t) => t.notificationId) },
      )
      .getMany();
  }

  /** Stores a new template; the first of its channel becomes the default. False if it exists. */
  async insert(template: NewTemplate): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `INSERT INTO notifications.templates
         (account_id, env_id, notification_id, channel, template_id, content, variables, is_default)
       SELECT $1, $2, $3, $4, $5, $6, $7, NOT EXISTS (
         SELECT 1 FROM notifications.templates
          WHERE env_id = $2 AND notification_id = $3 AND channel = $4 AND is_default)
       ON CONFLICT DO NOTHING
       RETURNING template_id`,
      [
        template.accountId,
        template.envId,
        template.notificationId,
        template.channel,
        template.templateId,
        template.content,
        template.variables,
      ],
    );
    return rows.length === 1;
  }

  async update(ref: TemplateRef, content: Record<string, unknown>, variables: string[]) {
    await this.dataSource.query(
      `UPDATE notifications.templates SET content = $6, variables = $7, updated_at = now()
        WHERE account_id = $1 AND env_id = $2 AND notification_id = $3 AND channel = $4
          AND template_id = $5`,
      [
        ref.accountId,
        ref.envId,
        ref.notificationId,
        ref.channel,
        ref.templateId,
        content,
        variables,
      ],
    );
  }

  /**
   * Makes one template the default of its channel (instant sends and the digests no template
   * was chosen for), and the chosen one for the given digests, in one transaction.
   */
  async setDefault(
    ref: TemplateRef,
    { instant, digests }: { instant: boolean; digests: DeliveryOption[] },
  ): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      if (instant) {
        await manager.update(
          TemplateEntity,
          { ...whereOf(ref), isDefault: true },
          { isDefault: false },
        );
        await manager.update(
          TemplateEntity,
          { ...whereOf(ref), templateId: ref.templateId },
          { isDefault: true },
        );
      }
      if (digests.length === 0) return;
      await manager.query(
        `UPDATE notifications.templates
            SET default_for_digests = CASE WHEN template_id = $5
                  THEN ARRAY(SELECT DISTINCT unnest(default_for_digests || $6::text[]) ORDER BY 1)
                  ELSE ARRAY(SELECT unnest(default_for_digests) EXCEPT SELECT unnest($6::text[]))
                END
          WHERE account_id = $1 AND env_id = $2 AND notification_id = $3 AND channel = $4`,
        [ref.accountId, ref.envId, ref.notificationId, ref.channel, ref.templateId, digests],
      );
    });
  }

  /** Removes a template; when it was the default, the oldest remaining one takes its place. */
  async delete(ref: TemplateRef): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.delete(TemplateEntity, { ...whereOf(ref), templateId: ref.templateId });
      await promoteOldestIfNoDefault(manager, ref);
    });
  }
}

function whereOf(ref: TemplatesRef) {
  return {
    accountId: ref.accountId,
    envId: ref.envId,
    notificationId: ref.notificationId,
    channel: ref.channel,
  };
}

async function promoteOldestIfNoDefault(manager: EntityManager, ref: TemplatesRef) {
  await manager.query(
    `UPDATE notifications.templates SET is_default = true
      WHERE (env_id, notification_id, channel, template_id) = (
        SELECT env_id, notification_id, channel, template_id FROM notifications.templates
         WHERE env_id = $1 AND notification_id = $2 AND channel = $3
           AND NOT EXISTS (SELECT 1 FROM notifications.templates
                            WHERE env_id = $1 AND notification_id = $2 AND channel = $3 AND is_default)
         ORDER BY created_at LIMIT 1)`,
    [ref.envId, ref.notificationId, ref.channel as Channel],
  );
}
