import { ValidationFailedError } from '@clarion/contracts';
import { isUuid } from '../uuid';

/** Where a page of calls (newest first) ended: the last call's start and trackingId. */
export interface CallCursor {
  startedAt: Date;
  trackingId: string;
}

export function encodeCallCursor(cursor: CallCursor): string {
  const plain = JSON.stringify({ s: cursor.startedAt.toISOString(), t: cursor.trackingId });
  return Buffer.from(plain, 'utf8').toString('base64url');
}

/** The cursor a previous page answered; a 400 naming `cursor` for anything else. */
export function decodeCallCursor(text: string): CallCursor {
  try {
    const { s, t } = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as {
      s?: unknown;
      t?: unknown;
    };
    const startedAt = typeof s === 'string' ? new Date(s) : undefined;
    if (startedAt && !Number.isNaN(startedAt.getTime()) && typeof t === 'string' && isUuid(t)) {
      return { startedAt, trackingId: t };
    }
  } catch {
    // Falls through to the validation error.
  }
  throw new ValidationFailedError(
    'cursor is not a cursor of this list',
    'Pass back the cursor of the previous response as it was, or leave it out for the first page.',
  );
}
