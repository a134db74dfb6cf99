import { InappNotificationResponseDto, InboxEntry } from '@clarion/contracts';
import { InboxNotificationEntity } from './inbox-notification.entity';

/** The row an entry becomes when stored (nothing seen, opened or replied yet), without reading it back. */
export function storedEntityOf(entry: InboxEntry): InboxNotificationEntity {
  return Object.assign(new InboxNotificationEntity(), {
    accountId: entry.accountId,
    envId: entry.envId,
    trackingId: entry.trackingId,
    userId: entry.userId,
    notificationId: entry.notificationId,
    subNotificationId: entry.subNotificationId ?? null,
    title: entry.title,
    redirectUrl: entry.redirectURL ?? null,
    imageUrl: entry.imageURL ?? null,
    parameters: entry.parameters,
    createdAt: new Date(entry.receivedAt),
    seenAt: null,
    openedAt: null,
    clickedAt: null,
    archivedAt: null,
    actioned1At: null,
    actioned2At: null,
    replies: [],
    expDate: null,
    batchCount: null,
    batchItems: null,
  });
}

export function toInappNotificationResponse(
  entry: InboxNotificationEntity,
): InappNotificationResponseDto {
  const iso = (date: Date | null) => date?.toISOString();
  return withoutUndefined({
    id: entry.trackingId,
    notificationId: entry.notificationId,
    subNotificationId: entry.subNotificationId ?? undefined,
    seen: entry.seenAt !== null,
    title: entry.title,
    redirectURL: entry.redirectUrl ?? undefined,
    imageURL: entry.imageUrl ?? undefined,
    parameters: entry.parameters,
    date: entry.createdAt.toISOString(),
    opened: iso(entry.openedAt),
    clicked: iso(entry.clickedAt),
    archived: iso(entry.archivedAt),
    actioned1: iso(entry.actioned1At),
    actioned2: iso(entry.actioned2At),
    replies: entry.replies,
    expDate: iso(entry.expDate),
    batch:
      typeof entry.batchCount !== 'number'
        ? undefined
        : { count: entry.batchCount, items: entry.batchItems ?? [] },
  });
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
