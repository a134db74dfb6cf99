import { InappBatchItemDto, InboxEntry } from '@clarion/contracts';
import { BATCH_ITEMS_SHOWN, InboxBatching } from './inbox-batching';
import { InboxChangedRow } from './inbox-changes';

/** An in-app entry of a batching type, with the batch it joins. */
export interface BatchedEntry {
  entry: InboxEntry;
  batching: InboxBatching;
}

/** The sends of one batch key that one statement adds, oldest first. */
export type BatchGroup = [BatchedEntry, ...BatchedEntry[]];

/**
 * The entries by batch key, oldest first; a key's sends spread over more than one window (a
 * backlog) are split into one group per window, each group in a round of its own.
 */
export function groupsOf(batched: BatchedEntry[]): BatchGroup[] {
  const byKey = new Map<string, BatchGroup[]>();
  const oldestFirst = [...batched].sort((a, b) => compareReceived(a.entry, b.entry));
  for (const item of oldestFirst) {
    const groups = byKey.get(keyOf(item)) ?? [];
    const last = groups.at(-1);
    if (last && windowHolds(last[0], item)) last.push(item);
    else groups.push([item]);
    byKey.set(keyOf(item), groups);
  }
  return [...byKey.values()].flatMap((groups) => groups);
}

/** One group per batch key (the oldest pending), as one statement may upsert a row once. */
export function firstPerKey(groups: BatchGroup[]): BatchGroup[] {
  const byKey = new Map<string, BatchGroup>();
  for (const group of groups)
    if (!byKey.has(keyOfGroup(group))) byKey.set(keyOfGroup(group), group);
  return [...byKey.values()];
}

function windowHolds(opened: BatchedEntry, item: BatchedEntry): boolean {
  return Date.parse(item.entry.receivedAt) < closesAt(opened).getTime();
}

function closesAt({ entry, batching }: BatchedEntry): Date {
  return new Date(Date.parse(entry.receivedAt) + batching.windowMs);
}

function compareReceived(a: InboxEntry, b: InboxEntry): number {
  return a.receivedAt.localeCompare(b.receivedAt) || a.trackingId.localeCompare(b.trackingId);
}

function keyOf({ entry, batching }: BatchedEntry): string {
  return [entry.envId, entry.userId, entry.notificationId, batching.key].join('\u0000');
}

export function keyOfGroup(group: BatchGroup): string {
  return keyOf(group[0]);
}

export function keyOfRow(row: InboxChangedRow): string {
  return [row['env_id'], row['user_id'], row['notification_id'], row['batch_key']].join('\u0000');
}

/** The values of one group's row: the first send names the entry, the latest shows in it. */
export function rowOfGroup(group: BatchGroup) {
  const first = group[0];
  const latest = (group.at(-1) ?? first).entry;
  return {
    first: first.entry,
    latest,
    key: first.batching.key,
    closesAt: closesAt(first).toISOString(),
    trackingIds: group.map(({ entry }) => entry.trackingId),
    items: group
      .slice(-BATCH_ITEMS_SHOWN)
      .reverse()
      .map(({ entry }) => itemOf(entry)),
  };
}

function itemOf(entry: InboxEntry): InappBatchItemDto {
  return {
    trackingId: entry.trackingId,
    title: entry.title,
    ...(entry.redirectURL !== undefined && { redirectURL: entry.redirectURL }),
    ...(entry.imageURL !== undefined && { imageURL: entry.imageURL }),
    parameters: entry.parameters,
    createdAt: entry.receivedAt,
  };
}
