import { Injectable } from '@nestjs/common';
import { LogMessageDto, LogMessagesResponseDto, ValidationFailedError } from '@clarion/contracts';
import { fitReplyPage } from '@clarion/runtime';
import { DataSource, EntityManager } from 'typeorm';
import { LogEventRow } from './log-message-of-event';

interface StoredRow {
  tracking_id: string;
  event_id: string;
  event_type: string;
  at: Date;
  details: LogEventRow['details'];
}

/** The steps of every send, one row each, listed newest first with a keyset cursor. */
@Injectable()
export class LogEventsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** One statement per batch; a redelivered event is stored once. */
  async insertMany(
    rows: LogEventRow[],
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    if (rows.length === 0) return;
    await manager.query(
      `INSERT INTO logs.log_events (account_id, event_id, tracking_id, env_id, event_type, at, details)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::uuid[], $5::text[], $6::timestamptz[], $7::jsonb[])
       ON CONFLICT (account_id, event_id) DO NOTHING`,
      [
        rows.map((row) => row.accountId),
        rows.map((row) => row.eventId),
        rows.map((row) => row.trackingId),
        rows.map((row) => row.envId),
        rows.map((row) => row.eventType),
        rows.map((row) => row.at),
        rows.map((row) => JSON.stringify(row.details)),
      ],
    );
  }

  async page(accountId: string, limit: number, cursor?: string): Promise<LogMessagesResponseDto> {
    const after = cursor === undefined ? undefined : decodeCursor(cursor);
    const rows: StoredRow[] = await this.dataSource.query(
      `SELECT tracking_id, event_id, event_type, at, details FROM logs.log_events
        WHERE account_id = $1 AND ($2::timestamptz IS NULL OR (at, event_id) < ($2, $3))
        ORDER BY at DESC, event_id DESC LIMIT $4`,
      [accountId, after?.at ?? null, after?.eventId ?? '', limit + 1],
    );
    // A page also ends early when its messages would not fit one reply.
    const messages = fitReplyPage(rows.slice(0, limit).map(messageOf));
    const last = rows[messages.length - 1];
    return {
      messages,
      ...(rows.length > messages.length && last && { nextCursor: encodeCursor(last) }),
    };
  }
}

function messageOf(row: StoredRow): LogMessageDto {
  return {
    trackingId: row.tracking_id,
    eventType: row.event_type,
    timestamp: row.at.toISOString(),
    epochMs: row.at.getTime(),
    ...row.details,
  };
}

function encodeCursor(row: StoredRow): string {
  return Buffer.from(JSON.stringify([row.at.toISOString(), row.event_id])).toString('base64url');
}

function decodeCursor(cursor: string): { at: string; eventId: string } {
  try {
    const [at, eventId] = JSON.parse(
      Buffer.from(cursor, 'base64url').toString('utf8'),
    ) as unknown[];
    if (typeof at === 'string' && typeof eventId === 'string' && !Number.isNaN(Date.parse(at))) {
      return { at, eventId };
    }
  } catch {
    // reported below
  }
  throw new ValidationFailedError(
    'cursor is not a cursor this service gave out',
    'Pass the nextCursor of the previous page unchanged, or leave cursor out for the newest page.',
  );
}
