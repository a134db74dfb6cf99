import { Injectable, Logger } from '@nestjs/common';
import {
  EndUserRef,
  InboxChange,
  InboxChangedEntry,
  inboxChangesSubject,
  InboxEntry,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { DataSource } from 'typeorm';
import { InboxNotificationEntity } from './inbox-notification.entity';
import { storedEntityOf, toInappNotificationResponse } from './inbox.mapper';

/** An entry's cursor: its updated_at in microseconds since the epoch, as text. */
export const INBOX_CURSOR = '(extract(epoch FROM updated_at) * 1000000)::bigint::text';

/** Follows RETURNING in every update of inbox_notifications: the whole row and its cursor. */
export const INBOX_CHANGE_RETURNING = `*, ${INBOX_CURSOR} AS cursor`;

/**
 * The updated_at of an UPDATE: the statement's time, yet always past the entry's previous value,
 * so an entry's cursor grows with each of its changes even within one transaction.
 */
export const INBOX_UPDATED_AT_NEXT =
  "GREATEST(clock_timestamp(), updated_at + interval '1 microsecond')";

/** A row of RETURNING ${INBOX_CHANGE_RETURNING}: snake_case columns and the cursor. */
export type InboxChangedRow = Record<string, unknown> & { cursor: string };

/** Broadcasts stay well under NATS's default 1 MiB payload limit. */
const MAX_BROADCAST_CHARS = 256 * 1024;

/**
 * The one place that tells the gateways an inbox changed, so that every writer of
 * inbox_notifications (stores, status changes, batches) reaches the users' open streams alike.
 * One core-NATS publish per user per statement on that user's subject, fire-and-forget: the send
 * path never waits on it, only gateways with a stream of the user receive it, and a lost one is
 * made good by the stream's replay when its client reconnects.
 */
@Injectable()
export class InboxChanges {
  private readonly logger = new Logger(InboxChanges.name);

  constructor(
    private readonly messaging: MessagingClient,
    private readonly dataSource: DataSource,
  ) {}

  /** The key of a user in `unreadByUser`. */
  static userKey(envId: string, userId: string): string {
    return `${envId}:${userId}`;
  }

  /** Call after the write committed, with the rows it returned; never throws. */
  publish(rows: InboxChangedRow[], unreadByUser?: ReadonlyMap<string, number>): void {
    try {
      this.broadcastAll(this.changesByUser(rows), unreadByUser);
    } catch (error) {
      this.logger.warn(`inbox changes not broadcast: ${String(error)}`);
    }
  }

  /**
   * Call after an insert committed, with its entries and the cursors it returned by trackingId
   * (an entry without one was not stored: a redelivery, or a retracted type). The entries are
   * shown as stored without reading the rows back, which the send path would pay for.
   */
  publishStored(entries: InboxEntry[], cursors: ReadonlyMap<string, string>): void {
    try {
      const byUser = new Map<string, InboxChange>();
      for (const entry of entries) {
        const cursor = cursors.get(entry.trackingId);
        if (cursor === undefined) continue;
        const key = InboxChanges.userKey(entry.envId, entry.userId);
        const change = byUser.get(key) ?? { ...userOf(entry), entries: [] };
        change.entries.push({ ...toInappNotificationResponse(storedEntityOf(entry)), cursor });
        byUser.set(key, change);
      }
      this.broadcastAll(byUser.values());
    } catch (error) {
      this.logger.warn(`inbox changes not broadcast: ${String(error)}`);
    }
  }

  private broadcastAll(
    changes: Iterable<InboxChange>,
    unreadByUser?: ReadonlyMap<string, number>,
  ): void {
    for (const change of changes) {
      const unread = unreadByUser?.get(InboxChanges.userKey(change.envId, change.userId));
      for (const entries of bySize(change.entries)) {
        this.broadcast({ ...change, entries, ...(unread !== undefined && { unread }) });
      }
    }
  }

  private broadcast(change: InboxChange): void {
    try {
      this.messaging.broadcastOn(inboxChangesSubject(change.envId, change.userId), {
        accountId: change.accountId,
        envId: change.envId,
        userId: change.userId,
        entries: change.entries,
        ...(change.unread !== undefined && { unread: change.unread }),
      });
    } catch (error) {
      // At most once by design: the streams' replay on reconnect recovers what is not heard.
      this.logger.warn(`inbox changes not broadcast: ${String(error)}`);
    }
  }

  /** A user's unread count changed without an entry to show for it (entries were retracted). */
  publishUnread(user: EndUserRef, unread: number): void {
    this.broadcast({ ...user, entries: [], unread });
  }

  /** The entries of rows read back from `rows` (also answers inboxChangesSince). */
  entriesOf(rows: InboxChangedRow[]): InboxChangedEntry[] {
    return rows.map((row) => ({
      ...toInappNotificationResponse(this.entityOf(row)),
      cursor: row.cursor,
    }));
  }

  private changesByUser(rows: InboxChangedRow[]): Iterable<InboxChange> {
    const byUser = new Map<string, InboxChange>();
    for (const row of rows) {
      const envId = String(row['env_id']);
      const userId = String(row['user_id']);
      const key = InboxChanges.userKey(envId, userId);
      const change = byUser.get(key) ?? {
        accountId: String(row['account_id']),
        envId,
        userId,
        entries: [],
      };
      change.entries.push(...this.entriesOf([row]));
      byUser.set(key, change);
    }
    return byUser.values();
  }

  /** A raw row as the entity, column by column from the entity's metadata. */
  private entityOf(row: InboxChangedRow): InboxNotificationEntity {
    const entity = new InboxNotificationEntity();
    for (const column of this.dataSource.getMetadata(InboxNotificationEntity).columns) {
      if (column.databaseName in row) column.setEntityValue(entity, row[column.databaseName]);
    }
    return entity;
  }
}

function userOf(entry: InboxEntry): Omit<InboxChange, 'entries'> {
  return { accountId: entry.accountId, envId: entry.envId, userId: entry.userId };
}

/** The entries in chunks that each fit one broadcast (one entry is sent as it is). */
function* bySize(entries: InboxChangedEntry[]): Generator<InboxChangedEntry[]> {
  if (entries.length <= 1) {
    yield entries;
    return;
  }
  let chunk: InboxChangedEntry[] = [];
  let chars = 0;
  for (const entry of entries) {
    const size = JSON.stringify(entry).length;
    if (chunk.length > 0 && chars + size > MAX_BROADCAST_CHARS) {
      yield chunk;
      chunk = [];
      chars = 0;
    }
    chunk.push(entry);
    chars += size;
  }
  if (chunk.length > 0) yield chunk;
}
