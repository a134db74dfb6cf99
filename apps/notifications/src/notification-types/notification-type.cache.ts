import { Injectable } from '@nestjs/common';
import { Broadcasts, NotificationTypeChange } from '@clarion/contracts';
import { OnBroadcast } from '@clarion/messaging';
import { TemplateEntity } from '../templates/template.entity';
import { TemplatesRepository } from '../templates/templates.repository';
import { NotificationTypeEntity } from './notification-type.entity';
import { NewNotificationType, NotificationTypesRepository } from './notification-types.repository';

const TTL_MS = 60_000;

/** A notification type with its templates, as a send needs it. */
export interface ResolvedType {
  type: NotificationTypeEntity;
  templates: TemplateEntity[];
}

interface Cached {
  resolved: ResolvedType;
  expiresAt: number;
}

/**
 * Notification types and their templates are read for every send, so they are kept in memory;
 * those missing are created or loaded in one batch. A change to a type or template, on any
 * replica, is broadcast and drops the entry at once.
 */
@Injectable()
export class NotificationTypeCache {
  private readonly types = new Map<string, Cached>();
  /** Counts broadcast changes, so a load that raced with one is used once and not kept. */
  private changes = 0;

  constructor(
    private readonly repository: NotificationTypesRepository,
    private readonly templates: TemplatesRepository,
  ) {}

  /** The type of every request, created with `channels` when it is new. */
  async ensure(requests: NewNotificationType[]): Promise<Map<string, ResolvedType>> {
    const now = Date.now();
    const missing = new Map<string, NewNotificationType>();
    for (const request of requests) {
      const cached = this.types.get(keyOf(request));
      if (!cached || cached.expiresAt < now) missing.set(keyOf(request), request);
    }
    if (missing.size > 0) await this.load([...missing.values()], now);
    const found = new Map<string, ResolvedType>();
    for (const request of requests) {
      const cached = this.types.get(keyOf(request));
      if (cached) found.set(keyOf(request), cached.resolved);
    }
    return found;
  }

  @OnBroadcast(Broadcasts.notificationTypeChanges)
  forget(change: NotificationTypeChange): void {
    this.changes += 1;
    this.types.delete(keyOf(change));
  }

  private async load(requests: NewNotificationType[], now: number): Promise<void> {
    const changesBefore = this.changes;
    const [types, templates] = await Promise.all([
      this.repository.ensureMany(requests),
      this.templates.ofTypes(requests),
    ]);
    const templatesByType = new Map<string, TemplateEntity[]>();
    for (const template of templates) {
      const list = templatesByType.get(keyOf(template)) ?? [];
      list.push(template);
      templatesByType.set(keyOf(template), list);
    }
    for (const type of types) {
      const resolved = { type, templates: templatesByType.get(keyOf(type)) ?? [] };
      const expiresAt = this.changes === changesBefore ? now + TTL_MS : 0;
      this.types.set(keyOf(type), { resolved, expiresAt });
    }
  }
}

export function keyOf(type: { envId: string; notificationId: string }): string {
  return `${type.envId}\u0000${type.notificationId}`;
}
