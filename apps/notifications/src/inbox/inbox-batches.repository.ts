import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  BatchedEntry,
  BatchGroup,
  firstPerKey,
  groupsOf,
  keyOfGroup,
  keyOfRow,
  rowOfGroup,
} from './inbox-batch-groups';
import { BATCH_ITEMS_SHOWN } from './inbox-batching';
import { INBOX_CHANGE_RETURNING, InboxChangedRow, InboxChanges } from './inbox-changes';
import { isUnstorableEntryError } from './unstorable-entry';

/**
 * Whether the sends added are newer than the entry's latest (by receipt, then trackingId, as the
 * items are ordered), so that their latest gives the entry its title, link and image.
 */
const LATEST_IS_NEW = `(excluded.created_at, excluded.batch_items->0->>'trackingId')
  >= (t.created_at, t.batch_items->0->>'trackingId')`;

/**
 * How many rounds may leave a group out (its key's batch closed and reopened by another replica
 * in between) before the whole batch is retried instead.
 */
const MAX_RACES = 5;

/**
 * Gathers the in-app entries of batching types into one entry per open batch (env, user, type
 * and batching key value). Each round is one INSERT … ON CONFLICT DO UPDATE on the unique index
 * of open batch keys, so sends racing on any replica land in the same entry and none is lost;
 * every send's trackingId is kept in the entry, so a redelivered send is counted once.
 */
@Injectable()
export class InboxBatchesRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly changes: InboxChanges,
  ) {}

  /**
   * Adds the entries to their batches and answers those the database refuses for good (by
   * trackingId, with its reason); a transient failure throws, for a retry of the whole batch.
   */
  async addMany(batched: BatchedEntry[]): Promise<Map<string, string>> {
    const unstorable = new Map<string, string>();
    if (batched.length === 0) return unstorable;
    // A send handed over twice in one batch (a redelivery racing its first delivery) counts once.
    const distinct = [...new Map(batched.map((b) => [b.entry.trackingId, b])).values()];
    const counted = await this.alreadyCounted(distinct);
    let pending = groupsOf(distinct.filter(({ entry }) => !counted.has(entry.trackingId)));
    for (let races = 0; pending.length > 0;) {
      const current = firstPerKey(pending);
      const { changed, refused } = await this.upsertRefusingOne(current);
      for (const [trackingId, reason] of refused) unstorable.set(trackingId, reason);
      this.changes.publish(changed);
      const landed = new Set(changed.map(keyOfRow));
      const done = new Set(
        current.filter(
          (group) =>
            landed.has(keyOfGroup(group)) || group.some((b) => refused.has(b.entry.trackingId)),
        ),
      );
      pending = pending.filter((group) => !done.has(group));
      if (done.size < current.length && ++races === MAX_RACES) {
        throw new Error('in-app batches kept closing under this batch; it is retried');
      }
    }
    return unstorable;
  }

  /**
   * The sends already in an entry (a redelivery) or retracted for their user since: neither is
   * added. A batch that holds a send closes after the send was received, hence the window bound.
   */
  private async alreadyCounted(batched: BatchedEntry[]): Promise<Set<string>> {
    const rows = await this.dataSource.query<{ tracking_id: string }[]>(
      `SELECT x.tracking_id FROM unnest($1::uuid[], $2::text[], $3::text[], $4::uuid[],
                                        $5::timestamptz[], $6::text[])
           AS x(env_id, user_id, notification_id, tracking_id, created_at, sub_notification_id)
        WHERE EXISTS (SELECT 1 FROM notifications.inbox_notifications n
                       WHERE n.env_id = x.env_id AND n.tracking_id = x.tracking_id)
           OR EXISTS (SELECT 1 FROM notifications.inbox_notifications n
                       WHERE n.env_id = x.env_id AND n.user_id = x.user_id
                         AND n.notification_id = x.notification_id
                         AND n.batch_closes_at > x.created_at
                         AND n.batch_tracking_ids @> ARRAY[x.tracking_id])
           OR EXISTS (SELECT 1 FROM notifications.inbox_retractions r
                       WHERE r.env_id = x.env_id AND r.user_id = x.user_id
                         AND r.notification_id = x.notification_id
                         AND r.sub_notification_id IN ('', COALESCE(x.sub_notification_id, ''))
                         AND r.retracted_at >= x.created_at)`,
      [
        batched.map(({ entry }) => entry.envId),
        batched.map(({ entry }) => entry.userId),
        batched.map(({ entry }) => entry.notificationId),
        batched.map(({ entry }) => entry.trackingId),
        batched.map(({ entry }) => entry.receivedAt),
        batched.map(({ entry }) => entry.subNotificationId ?? null),
      ],
    );
    return new Set(rows.map((row) => row.tracking_id));
  }

  /**
   * Upserts the groups in one statement; when the database refuses it for what it was given,
   * each group on its own, to find the culprit and store the others.
   */
  private async upsertRefusingOne(
    groups: BatchGroup[],
  ): Promise<{ changed: InboxChangedRow[]; refused: Map<string, string> }> {
    const refused = new Map<string, string>();
    try {
      return { changed: await this.upsert(groups), refused };
    } catch (error) {
      if (!isUnstorableEntryError(error)) throw error;
    }
    const changed: InboxChangedRow[] = [];
    for (const group of groups) {
      try {
        changed.push(...(await this.upsert([group])));
      } catch (error) {
        if (!isUnstorableEntryError(error)) throw error;
        for (const { entry } of group) refused.set(entry.trackingId, error.message);
      }
    }
    return { changed, refused };
  }

  /**
   * One statement for groups of distinct batch keys. It first closes the batches of these keys
   * whose window ended before the group's latest send (the unique index then admits a new one),
   * then inserts each group as a new entry or, when its key's batch is open, adds it to that
   * entry: the latest send gives the title and date, the entry is unseen, unread and unarchived
   * again, and only trackingIds the entry does not hold yet are counted. A group whose key's
   * batch closed meanwhile under another replica is not answered, and goes to the next round.
   */
  private upsert(groups: BatchGroup[]): Promise<InboxChangedRow[]> {
    const rows = groups.map(rowOfGroup);
    return this.dataSource.query<InboxChangedRow[]>(
      `WITH batch AS (
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[],
                              $6::text[], $7::text[], $8::text[], $9::text[], $10::jsonb[],
                              $11::timestamptz[], $12::text[], $13::timestamptz[], $14::jsonb[],
                              $15::jsonb[])
             AS b(account_id, env_id, tracking_id, user_id, notification_id,
                  sub_notification_id, title, redirect_url, image_url, parameters,
                  created_at, batch_key, batch_closes_at, batch_items, tracking_ids)),
       closed AS (
         UPDATE notifications.inbox_notifications n SET batch_key = NULL
           FROM batch b
          WHERE n.env_id = b.env_id AND n.user_id = b.user_id
            AND n.notification_id = b.notification_id AND n.batch_key = b.batch_key
            AND n.batch_closes_at <= b.created_at
         RETURNING n.tracking_id)
       INSERT INTO notifications.inbox_notifications AS t
         (account_id, env_id, tracking_id, user_id, notification_id, sub_notification_id,
          title, redirect_url, image_url, parameters, created_at,
          batch_key, batch_closes_at, batch_count, batch_items, batch_tracking_ids)
       SELECT b.account_id, b.env_id, b.tracking_id, b.user_id, b.notification_id,
              b.sub_notification_id, b.title, b.redirect_url, b.image_url, b.parameters,
              b.created_at, b.batch_key, b.batch_closes_at, jsonb_array_length(b.tracking_ids),
              b.batch_items, ARRAY(SELECT jsonb_array_elements_text(b.tracking_ids)::uuid)
         FROM batch b
        -- Read first, so the expired batches are closed before the inserts meet the index.
        WHERE (SELECT count(*) FROM closed) >= 0
       ON CONFLICT (env_id, user_id, notification_id, batch_key) WHERE batch_key IS NOT NULL
       DO UPDATE SET
         sub_notification_id = CASE WHEN ${LATEST_IS_NEW} THEN excluded.sub_notification_id ELSE t.sub_notification_id END,
         title = CASE WHEN ${LATEST_IS_NEW} THEN excluded.title ELSE t.title END,
         redirect_url = CASE WHEN ${LATEST_IS_NEW} THEN excluded.redirect_url ELSE t.redirect_url END,
         image_url = CASE WHEN ${LATEST_IS_NEW} THEN excluded.image_url ELSE t.image_url END,
         parameters = CASE WHEN ${LATEST_IS_NEW} THEN excluded.parameters ELSE t.parameters END,
         created_at = GREATEST(t.created_at, excluded.created_at),
         seen_at = NULL,
         opened_at = NULL,
         archived_at = NULL,
         batch_count = t.batch_count + (
           SELECT count(*) FROM unnest(excluded.batch_tracking_ids) AS id
            WHERE id <> ALL (t.batch_tracking_ids)),
         batch_tracking_ids = t.batch_tracking_ids || ARRAY(
           SELECT id FROM unnest(excluded.batch_tracking_ids) AS id
            WHERE id <> ALL (t.batch_tracking_ids)),
         batch_items = (
           SELECT jsonb_agg(item ORDER BY item->>'createdAt' DESC, item->>'trackingId' DESC)
             FROM (SELECT item FROM (
                     SELECT DISTINCT ON (item->>'trackingId') item
                       FROM jsonb_array_elements(t.batch_items || excluded.batch_items) AS i(item)
                   ) AS distinct_items
                   ORDER BY item->>'createdAt' DESC, item->>'trackingId' DESC
                   LIMIT ${BATCH_ITEMS_SHOWN}) AS latest),
         updated_at = GREATEST(clock_timestamp(), t.updated_at + interval '1 microsecond')
       WHERE t.batch_closes_at > excluded.created_at
       RETURNING ${INBOX_CHANGE_RETURNING}`,
      [
        rows.map((r) => r.first.accountId),
        rows.map((r) => r.first.envId),
        rows.map((r) => r.first.trackingId),
        rows.map((r) => r.first.userId),
        rows.map((r) => r.first.notificationId),
        rows.map((r) => r.latest.subNotificationId ?? null),
        rows.map((r) => r.latest.title),
        rows.map((r) => r.latest.redirectURL ?? null),
        rows.map((r) => r.latest.imageURL ?? null),
        rows.map((r) => JSON.stringify(r.latest.parameters)),
        rows.map((r) => r.latest.receivedAt),
        rows.map((r) => r.key),
        rows.map((r) => r.closesAt),
        rows.map((r) => JSON.stringify(r.items)),
        rows.map((r) => JSON.stringify(r.trackingIds)),
      ],
    );
  }
}
