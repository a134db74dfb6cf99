import { Injectable, Logger } from '@nestjs/common';
import { EndUserRef } from '@clarion/contracts';
import { UsersRepository } from './users.repository';

/**
 * Updates a user's lastSeenTime when they use their inbox, without making the inbox call wait
 * for it: the write happens at most once a minute per user and its failure only costs freshness.
 */
@Injectable()
export class LastSeenRecorder {
  private readonly logger = new Logger(LastSeenRecorder.name);

  constructor(private readonly users: UsersRepository) {}

  touch(user: EndUserRef): void {
    this.users
      .touchLastSeen(user.accountId, user.envId, user.userId)
      .catch((error: unknown) =>
        this.logger.warn(`lastSeenTime of ${user.userId} not updated: ${String(error)}`),
      );
  }
}
