import { randomBytes, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  EventsWebhookResponseDto,
  SavedEventsWebhook,
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
}

/** Turning one configuration off: the receiver at `webhook` answered 410 Gone. */
export interface EventsWebhookDisabling extends TenantScope {
  webhookId: string;
  webhook: string;
  reason: string;
}

/** The events webhook of each environment, with its signing secret. */
@Injectable()
export class EventsWebhooksRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The environment's configuration unless it has none or it is disabled. */
  async findEnabled(scope: TenantScope): Promise<EventsWebhookResponseDto | undefined> {
    const rows: EventsWebhookRow[] = await this.dataSource.query(
      `SELECT webhook_id, webhook, events, secret FROM delivery.events_webhooks
        WHERE account_id = $1 AND env_id = $2 AND disabled_at IS NULL`,
      [scope.accountId, scope.envId],
    );
    return rows[0] && configOf(rows[0]);
  }

  /**
   * Creates or replaces the configuration; its id and secret stay, and saving enables it again.
   * `created` says whether this save made the row (xmax is 0 for a row inserted, not updated).
   */
  async save(request: SaveEventsWebhookRequest): Promise<SavedEventsWebhook> {
    const rows: (EventsWebhookRow & { created: boolean })[] = await this.dataSource.query(
      `INSERT INTO delivery.events_webhooks (env_id, account_id, webhook_id, webhook, events, secret)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (env_id) DO UPDATE SET webhook = EXCLUDED.webhook, events = EXCLUDED.events,
         disabled_at = NULL, disabled_reason = NULL, updated_at = now()
       WHERE events_webhooks.account_id = EXCLUDED.account_id
       RETURNING webhook_id, webhook, events, secret, (xmax = 0) AS created`,
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
    return { ...configOf(row), created: row.created };
  }

  async delete(scope: TenantScope): Promise<boolean> {
    // A bare DELETE answers [rows, count] through TypeORM; a SELECT over it answers rows.
    const rows: { count: number }[] = await this.dataSource.query(
      `WITH gone AS (
         DELETE FROM delivery.events_webhooks WHERE account_id = $1 AND env_id = $2 RETURNING 1
       ) SELECT count(*)::int AS count FROM gone`,
      [scope.accountId, scope.envId],
    );
    return (rows[0]?.count ?? 0) > 0;
  }

  /**
   * False when there was nothing to turn off: removed, already off, or saved with another URL
   * since (the new receiver has not answered 410).
   */
  async disable(disabling: EventsWebhookDisabling): Promise<boolean> {
    const rows: { count: number }[] = await this.dataSource.query(
      `WITH disabled AS (
         UPDATE delivery.events_webhooks
            SET disabled_at = now(), disabled_reason = $4, updated_at = now()
          WHERE account_id = $1 AND env_id = $2 AND webhook_id = $3 AND webhook = $5
            AND disabled_at IS NULL
          RETURNING 1
       ) SELECT count(*)::int AS count FROM disabled`,
      [
        disabling.accountId,
        disabling.envId,
        disabling.webhookId,
        disabling.reason.slice(0, 500),
        disabling.webhook,
      ],
    );
    return (rows[0]?.count ?? 0) > 0;
  }
}

function configOf(row: EventsWebhookRow): EventsWebhookResponseDto {
  return {
    webhookId: row.webhook_id,
    webhook: row.webhook,
    events: row.events,
    secret: row.secret,
  };
}
