import { Injectable } from '@nestjs/common';
import {
  Channel,
  DeletePreferencesRequest,
  DeliveryOption,
  EndUserRef,
  PreferenceDto,
  SetPreferencesRequest,
} from '@clarion/contracts';
import { DataSource } from 'typeorm';

interface PreferenceRow {
  user_id: string;
  notification_id: string;
  sub_notification_id: string;
  channel: Channel;
  delivery: DeliveryOption;
}

interface PendingUnsubscribeRow {
  notification_id: string;
  sub_notification_id: string;
  channel: Channel;
  pending_since_us: string;
}

/** A preference an end user turned off whose `<CHANNEL>_UNSUBSCRIBE` is not reported yet. */
export interface PendingUnsubscribe {
  notificationId: string;
  /** `''` when the preference is the whole type's. */
  subNotificationId: string;
  channel: Channel;
  /**
   * When it turned off, in microseconds since the epoch as PostgreSQL keeps it (a JS Date would
   * lose the microseconds): the identity of this unsubscribe, so a retry reports the same one.
   */
  pendingSinceMicros: string;
}

// Exact, so that the reported mark matches the row the event was made of.
const MICROS_OF_PENDING = `(extract(epoch FROM unsubscribe_pending_since) * 1000000)::bigint`;

/** The preferences of the users of a batch of sends, keyed for the send pipeline. */
export type PreferencesOfBatch = Map<string, DeliveryOption>;

export function preferenceKey(
  envId: string,
  userId: string,
  notificationId: string,
  subNotificationId: string,
  channel: Channel,
): string {
  return [envId, userId, notificationId, subNotificationId, channel].join('\u0000');
}

@Injectable()
export class PreferencesRepository {
  constructor(private readonly dataSource: DataSource) {}

  async list(user: EndUserRef): Promise<PreferenceDto[]> {
    const rows: PreferenceRow[] = await this.dataSource.query(
      `SELECT user_id, notification_id, sub_notification_id, channel, delivery
         FROM notifications.preferences
        WHERE account_id = $1 AND env_id = $2 AND user_id = $3
        ORDER BY notification_id, sub_notification_id, channel`,
      [user.accountId, user.envId, user.userId],
    );
    return rows.map(toPreference);
  }

  /**
   * Creates or replaces the given preferences in one statement, and answers the unsubscribes
   * still to report among them: those this change turned off from anything else (no row
   * included) when `reportUnsubscribes` is set, and those an earlier request turned off but
   * could not report (it failed after the write; the client's retry reports them now).
   */
  async upsert(request: SetPreferencesRequest): Promise<PendingUnsubscribe[]> {
    if (request.preferences.length === 0) return [];
    const unique = new Map(
      request.preferences.map((p) => [
        `${p.notificationId}\u0000${p.subNotificationId ?? ''}\u0000${p.channel}`,
        p,
      ]),
    );
    const preferences = [...unique.values()];
    const rows: PendingUnsubscribeRow[] = await this.dataSource.query(
      `WITH upserted AS (
         INSERT INTO notifications.preferences AS t
           (account_id, env_id, user_id, notification_id, sub_notification_id, channel, delivery,
            unsubscribe_pending_since)
         SELECT $1, $2, $3, p.notification_id, p.sub_notification_id, p.channel, p.delivery,
                CASE WHEN $8::boolean AND p.delivery = $9 THEN now() END
           FROM unnest($4::text[], $5::text[], $6::text[], $7::text[])
             AS p(notification_id, sub_notification_id, channel, delivery)
         ON CONFLICT (env_id, user_id, notification_id, sub_notification_id, channel)
         DO UPDATE SET delivery = EXCLUDED.delivery, updated_at = now(),
           unsubscribe_pending_since = CASE
             WHEN EXCLUDED.delivery <> $9 THEN NULL
             WHEN t.delivery <> $9 THEN EXCLUDED.unsubscribe_pending_since
             ELSE t.unsubscribe_pending_since END
         RETURNING notification_id, sub_notification_id, channel, unsubscribe_pending_since)
       SELECT notification_id, sub_notification_id, channel,
              ${MICROS_OF_PENDING}::text AS pending_since_us
         FROM upserted WHERE unsubscribe_pending_since IS NOT NULL`,
      [
        request.accountId,
        request.envId,
        request.userId,
        preferences.map((p) => p.notificationId),
        preferences.map((p) => p.subNotificationId ?? ''),
        preferences.map((p) => p.channel),
        preferences.map((p) => p.delivery),
        request.reportUnsubscribes === true,
        DeliveryOption.OFF,
      ],
    );
    return rows.map((row) => ({
      notificationId: row.notification_id,
      subNotificationId: row.sub_notification_id,
      channel: row.channel,
      pendingSinceMicros: row.pending_since_us,
    }));
  }

  /** Marks unsubscribes reported, unless the preference changed again since (a newer one). */
  async markReported(user: EndUserRef, reported: PendingUnsubscribe[]): Promise<void> {
    if (reported.length === 0) return;
    await this.dataSource.query(
      `WITH reported AS (
         UPDATE notifications.preferences SET unsubscribe_pending_since = NULL
           FROM unnest($4::text[], $5::text[], $6::text[], $7::bigint[])
             AS r(notification_id, sub_notification_id, channel, pending_since_us)
          WHERE account_id = $1 AND env_id = $2 AND user_id = $3
            AND preferences.notification_id = r.notification_id
            AND preferences.sub_notification_id = r.sub_notification_id
            AND preferences.channel = r.channel
            AND ${MICROS_OF_PENDING} = r.pending_since_us
         RETURNING 1)
       SELECT count(*)::int AS n FROM reported`,
      [
        user.accountId,
        user.envId,
        user.userId,
        reported.map((r) => r.notificationId),
        reported.map((r) => r.subNotificationId),
        reported.map((r) => r.channel),
        reported.map((r) => r.pendingSinceMicros),
      ],
    );
  }

  async delete(request: DeletePreferencesRequest): Promise<void> {
    const params: unknown[] = [request.accountId, request.envId, request.userId];
    let filter = '';
    if (request.notificationId !== undefined) {
      filter += ` AND notification_id = $${params.push(request.notificationId)}`;
    }
    if (request.subNotificationId !== undefined) {
      filter += ` AND sub_notification_id = $${params.push(request.subNotificationId)}`;
    }
    await this.dataSource.query(
      `DELETE FROM notifications.preferences
        WHERE account_id = $1 AND env_id = $2 AND user_id = $3${filter}`,
      params,
    );
  }

  /** Every preference of the given users for the given types, in one query. */
  async ofSends(
    sends: { envId: string; userId: string; notificationId: string }[],
  ): Promise<PreferencesOfBatch> {
    const found: PreferencesOfBatch = new Map();
    if (sends.length === 0) return found;
    const rows: (PreferenceRow & { env_id: string })[] = await this.dataSource.query(
      `SELECT p.env_id, p.user_id, p.notification_id, p.sub_notification_id, p.channel, p.delivery
         FROM notifications.preferences p
         JOIN unnest($1::uuid[], $2::text[], $3::text[]) AS s(env_id, user_id, notification_id)
           ON p.env_id = s.env_id AND p.user_id = s.user_id AND p.notification_id = s.notification_id`,
      [sends.map((s) => s.envId), sends.map((s) => s.userId), sends.map((s) => s.notificationId)],
    );
    for (const row of rows) {
      found.set(
        preferenceKey(
          row.env_id,
          row.user_id,
          row.notification_id,
          row.sub_notification_id,
          row.channel,
        ),
        row.delivery,
      );
    }
    return found;
  }
}

function toPreference(row: PreferenceRow): PreferenceDto {
  return {
    notificationId: row.notification_id,
    channel: row.channel,
    delivery: row.delivery,
    ...(row.sub_notification_id !== '' && { subNotificationId: row.sub_notification_id }),
  };
}
