import { randomBytes, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  DisableEventsWebhookRequest,
  EventsWebhookResponseDto,
  SaveEventsWebhookRequest,
  TenantScope,
  WebhookEventType,
} from '@clarion/contracts';
import { DataSource } from 'typeorm';

interface EventsWebhookRow {
  webhook_id: string;
  webhook: string;
  events: WebhookEventType[];
  secret: string;
  disabled_at: Date | null;
}

export interface StoredEventsWebhook extends EventsWebhookResponseDto {
  disabled: boolean;
}

/** The events webhook of each environment, with its signing secret. */
@Injectable()
export class EventsWebhooksRepository {
  constructor(private readonly dataSource: DataSource) {}

  async find(scope: TenantScope): Promise<StoredEventsWebhook | undefined> {
    const rows: EventsWebhookRow[] = await this.dataSource.query(
      `SELECT webhook_id, webhook, events, secret, disabled_at FROM notifications.events_webhooks
        WHERE account_id = $1 AND env_id = $2`,
      [scope.accountId, scope.envId],
    );
    return rows[0] && storedOf(rows[0]);
  }

  /** Creates or replaces the configuration; its id and secret stay, and saving enables it again. */
  async save(request: SaveEventsWebhookRequest): Promise<StoredEventsWebhook> {
    const rows: EventsWebhookRow[] = await this.dataSource.query(
      `INSERT INTO notifications.events_webhooks (env_id, account_id, webhook_id, webhook, events, secret)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (env_id) DO UPDATE SET webhook = EXCLUDED.webhook, events = EXCLUDED.events,
         disabled_at = NULL, disabled_reason = NULL, updated_at = now()
       WHERE events_webhooks.account_id = EXCLUDED.account_id
       RETURNING webhook_id, webhook, events, secret, disabled_at`,
      [
        request.envId,
        request.accountId,
        randomUUID(),
        request.webhook,
        [...new Set(request.events)],
        `whsec_${randomBytes(24).toString('base64')}`,
      ],
    );
    const [row] = rows;
    if (!row) throw new Error(`environment ${request.envId} belongs to another account`);
    return storedOf(row);
  }

  async delete(scope: TenantScope): Promise<boolean> {
    // A bare DELETE answers [rows, count] through TypeORM; a SELECT over it answers rows.
    const rows: { count: number }[] = await this.dataSource.query(
      `WITH gone AS (
         DELETE FROM notifications.events_webhooks WHERE account_id = $1 AND env_id = $2 RETURNING 1
       ) SELECT count(*)::int AS count FROM gone`,
      [scope.accountId, scope.envId],
    );
    return (rows[0]?.count ?? 0) > 0;
  }

  async disable(request: DisableEventsWebhookRequest): Promise<void> {
    await this.dataSource.query(
      `UPDATE notifications.events_webhooks SET disabled_at = now(), disabled_reason = $4, updated_at = now()
        WHERE account_id = $1 AND env_id = $2 AND webhook_id = $3 AND disabled_at IS NULL`,
      [request.accountId, request.envId, request.webhookId, request.reason.slice(0, 500)],
    );
  }
}

function storedOf(row: EventsWebhookRow): StoredEventsWebhook {
  return {
    webhookId: row.webhook_id,
    webhook: row.webhook,
    events: row.events,
    secret: row.secret,
    disabled: row.disabled_at !== null,
  };
}
