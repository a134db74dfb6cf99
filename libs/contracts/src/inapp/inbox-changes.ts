import { hash } from 'node:crypto';
import { IsInt, IsString, Matches, Max, Min } from 'class-validator';
import { InappNotificationResponseDto } from './inapp-notification-response.dto';
import { EndUserRef } from './inbox-requests';

/**
 * An inbox entry as it is after a change, with its cursor: the entry's `updated_at` in
 * microseconds since the epoch (a decimal string), which grows with every change of the entry, so
 * a client that resumes from the last cursor it saw misses nothing.
 */
export type InboxChangedEntry = InappNotificationResponseDto & { cursor: string };

/**
 * What notifications broadcasts after each committed insert or status change of a user's inbox
 * entries; every gateway replica hears it and writes it to that user's open streams. Core NATS is
 * at most once: the replay of `inboxChangesSince` on reconnect is what makes streams lossless.
 */
export interface InboxChange {
  accountId: string;
  envId: string;
  userId: string;
  entries: InboxChangedEntry[];
  /** The user's unread count after the change, when the writer knew it without asking again. */
  unread?: number;
}

/**
 * The core-NATS subject of one user's inbox changes (`notifications.inbox-changes.<envId>.<hash of
 * the userId>`, since a userId may hold any character). A gateway replica listens only to the users
 * it holds streams of, so NATS drops every other change at the server: a send to a user with no
 * open stream costs the gateways nothing.
 */
export function inboxChangesSubject(envId: string, userId: string): string {
  const user = hash('sha256', userId, 'hex').slice(0, 32);
  return `notifications.inbox-changes.${envId}.${user}`;
}

/** The entries of a user changed after a cursor, for a stream that resumes. */
export class InboxChangesSinceRequest extends EndUserRef {
  /** A cursor: microseconds since the epoch, as a decimal string; `0` for everything. */
  @IsString()
  @Matches(/^\d{1,19}$/)
  since!: string;

  @IsInt()
  @Min(1)
  @Max(1_000)
  limit!: number;
}
