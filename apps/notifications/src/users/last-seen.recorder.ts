import { Injectable, Logger } from '@nestjs/common';
import { EndUserRef } from '@clarion/contracts';
import { UsersRepository } from './users.repository';

/** lastSeenTime is written at most this often per user (the statement itself checks it too). */
const TOUCH_INTERVAL_MS = 60_000;
/** Users whose last write a replica remembers; the longest unseen are forgotten first. */
const REMEMBERED_USERS = 10_000;

/**
 * Updates a user's lastSeenTime when they use their inbox, without making the inbox call wait
 * for it: the write happens at most once a minute per user and its failure only costs freshness.
 * A replica remembers when it last wrote each user's, so an inbox polled every few seconds costs
 * one statement a minute, not one per read.
 */
@Injectable()
export class LastSeenRecorder {
  private readonly logger = new Logger(LastSeenRecorder.name);
  private readonly writtenAt = new Map<string, number>();

  constructor(private readonly users: UsersRepository) {}

  touch(user: EndUserRef): void {
    const key = `${user.accountId}:${user.envId}:${user.userId}`;
    const now = Date.now();
    const written = this.writtenAt.get(key);
    if (written !== undefined && now - written < TOUCH_INTERVAL_MS) return;
    this.remember(key, now);
    this.users.touchLastSeen(user.accountId, user.envId, user.userId).catch((error: unknown) => {
      this.writtenAt.delete(key);
      this.logger.warn(`lastSeenTime of ${user.userId} not updated: ${String(error)}`);
    });
  }

  private remember(key: string, at: number): void {
    this.writtenAt.delete(key);
    this.writtenAt.set(key, at);
    if (this.writtenAt.size <= REMEMBERED_USERS) return;
    const oldest = this.writtenAt.keys().next().value;
    if (oldest !== undefined) this.writtenAt.delete(oldest);
  }
}
