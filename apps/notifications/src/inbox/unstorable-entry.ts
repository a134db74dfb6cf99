import { QueryFailedError } from 'typeorm';

/**
 * Whether the database refused a statement for what it was given rather than for its own state:
 * a data exception (class 22: a NUL character in a text, an invalid uuid) or an integrity
 * constraint violation (class 23). Storing the same entry again fails the same way, so it is
 * reported failed; anything else (a lost connection, a timeout) is retried and loses nothing.
 */
export function isUnstorableEntryError(error: unknown): error is QueryFailedError {
  if (!(error instanceof QueryFailedError)) return false;
  const code = (error.driverError as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && (code.startsWith('22') || code.startsWith('23'));
}
