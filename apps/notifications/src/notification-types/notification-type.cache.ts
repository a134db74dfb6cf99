import { Injectable } from '@nestjs/common';
import { NotificationTypeEntity } from './notification-type.entity';
import { NewNotificationType, NotificationTypesRepository } from './notification-types.repository';

const TTL_MS = 30_000;

interface Cached {
  type: NotificationTypeEntity;
  expiresAt: number;
}

/**
 * Notification types are read for every send, so they are kept in memory for a short while;
 * types missing from the cache are created or loaded in one batch.
 */
@Injectable()
export class NotificationTypeCache {
  private readonly types = new Map<string, Cached>();

  constructor(private readonly repository: NotificationTypesRepository) {}

  /** The type of every request, created with `channels` when it is new. */
  async ensure(requests: NewNotificationType[]): Promise<Map<string, NotificationTypeEntity>> {
    const now = Date.now();
    const missing = new Map<string, NewNotificationType>();
    for (const request of requests) {
      const cached = this.types.get(keyOf(request));
      if (!cached || cached.expiresAt < now) missing.set(keyOf(request), request);
    }
    for (const type of await this.repository.ensureMany([...missing.values()])) {
      this.types.set(keyOf(type), { type, expiresAt: now + TTL_MS });
    }
    const found = new Map<string, NotificationTypeEntity>();
    for (const request of requests) {
      const cached = this.types.get(keyOf(request));
      if (cached) found.set(keyOf(request), cached.type);
    }
    return found;
  }
}

export function keyOf(type: { envId: string; notificationId: string }): string {
  return `${type.envId}\u0000${type.notificationId}`;
}
