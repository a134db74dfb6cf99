import { Injectable } from '@nestjs/common';
import { VoiceCallTimelineEntryDto, VoiceProviderName } from '@clarion/contracts';
import { whileHoldingAdvisoryLock } from '@clarion/persistence';
import { DataSource } from 'typeorm';
import { isUuid } from '../uuid';
import { CALL_COLUMNS, CallEnding, CallRow } from './call.row';
import { CallCursor } from './call-cursor';

const PURGE_LOCK = 'clarion:voice:calls-purge';

@Injectable()
export class CallsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Inserts the call; answers the call already recorded under its provider id, if any. */
  async insert(row: CallRow): Promise<CallRow> {
    const [inserted]: CallRow[] = await this.dataSource.query(
      `WITH inserted AS (
         INSERT INTO voice.calls (tracking_id, account_id, agent_id, agent_name, direction, source,
           from_number, to_number, status, provider, call_control_id, spec, variables, timeline,
           started_at, ended_at, outcome, end_reason, end_detail, recording_url)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18,
           $19, $20)
         ON CONFLICT (provider, call_control_id) DO NOTHING RETURNING *
       ) SELECT ${CALL_COLUMNS} FROM inserted`,
      [
        row.trackingId,
        row.accountId,
        row.agentId,
        row.agentName,
        row.direction,
        row.source,
        row.from,
        row.to,
        row.status,
        row.provider,
        row.callControlId,
        JSON.stringify(row.spec),
        JSON.stringify(row.variables),
        JSON.stringify(row.timeline),
        row.startedAt,
        row.endedAt,
        row.outcome,
        row.endReason,
        row.endDetail,
        row.recordingUrl,
      ],
    );
    const recorded = inserted ?? (await this.byCallControlId(row.provider, row.callControlId));
    if (!recorded) throw new Error(`The call ${row.trackingId} was not recorded`);
    return recorded;
  }

  /** Records the provider's id of a placed call. */
  async placed(trackingId: string, callControlId: string): Promise<void> {
    await this.dataSource.query(
      'UPDATE voice.calls SET call_control_id = $2 WHERE tracking_id = $1',
      [trackingId, callControlId],
    );
  }

  /**
   * Appends to the timeline of an active call and, with `ending`, ends it; a call that ended
   * already keeps its ending. `recordingUrl` may come after the end.
   */
  async progress(
    trackingId: string,
    entries: VoiceCallTimelineEntryDto[],
    ending?: CallEnding,
    recordingUrl?: string,
  ): Promise<void> {
    await this.dataSource.query(
      `UPDATE voice.calls SET
         timeline = CASE WHEN status = 'active' THEN timeline || $2::jsonb ELSE timeline END,
         status = CASE WHEN status = 'active' AND $3::text IS NOT NULL THEN $3 ELSE status END,
         ended_at = CASE WHEN status = 'active' AND $3::text IS NOT NULL THEN $4 ELSE ended_at END,
         outcome = CASE WHEN status = 'active' AND $3::text IS NOT NULL THEN $5 ELSE outcome END,
         end_reason = CASE WHEN status = 'active' AND $3::text IS NOT NULL THEN $6 ELSE end_reason END,
         end_detail = CASE WHEN status = 'active' AND $3::text IS NOT NULL THEN $7 ELSE end_detail END,
         recording_url = COALESCE($8, recording_url)
       WHERE tracking_id = $1`,
      [
        trackingId,
        JSON.stringify(entries),
        ending?.status ?? null,
        ending?.endedAt ?? null,
        ending?.outcome ?? null,
        ending?.endReason ?? null,
        ending?.endDetail ?? null,
        recordingUrl ?? null,
      ],
    );
  }

  /**
   * Gives an active call's media to one websocket: the call, the first time it is asked for;
   * undefined when it ended, is unknown or another socket has it.
   */
  async attachMedia(trackingId: string): Promise<CallRow | undefined> {
    if (!isUuid(trackingId)) return undefined;
    const [row]: CallRow[] = await this.dataSource.query(
      `WITH attached AS (
         UPDATE voice.calls SET media_attached_at = now()
          WHERE tracking_id = $1 AND status = 'active' AND media_attached_at IS NULL
          RETURNING *
       ) SELECT ${CALL_COLUMNS} FROM attached`,
      [trackingId],
    );
    return row;
  }

  async byCallControlId(
    provider: VoiceProviderName,
    callControlId: string,
  ): Promise<CallRow | undefined> {
    const [row]: CallRow[] = await this.dataSource.query(
      `SELECT ${CALL_COLUMNS} FROM voice.calls WHERE provider = $1 AND call_control_id = $2`,
      [provider, callControlId],
    );
    return row;
  }

  /** The account's call, if it started after `since` (older ones are past retention). */
  async find(accountId: string, trackingId: string, since: Date): Promise<CallRow | undefined> {
    if (!isUuid(trackingId)) return undefined;
    const [row]: CallRow[] = await this.dataSource.query(
      `SELECT ${CALL_COLUMNS} FROM voice.calls
        WHERE tracking_id = $1 AND account_id = $2 AND started_at > $3`,
      [trackingId, accountId, since],
    );
    return row;
  }

  /** Up to `limit` calls, newest first, started after `since` and before `after`. */
  page(query: {
    accountId: string;
    agentId?: string;
    since: Date;
    after?: CallCursor;
    limit: number;
  }): Promise<CallRow[]> {
    return this.dataSource.query(
      `SELECT ${CALL_COLUMNS} FROM voice.calls
        WHERE account_id = $1 AND ($2::text IS NULL OR agent_id = $2) AND started_at > $3
          AND ($4::timestamptz IS NULL OR (started_at, tracking_id) < ($4, $5::uuid))
        ORDER BY started_at DESC, tracking_id DESC LIMIT $6`,
      [
        query.accountId,
        query.agentId ?? null,
        query.since,
        query.after?.startedAt ?? null,
        query.after?.trackingId ?? null,
        query.limit,
      ],
    );
  }

  /** Deletes up to `limit` calls started at or before `cutoff`; says how many. */
  async deleteStartedUpTo(cutoff: Date, limit: number): Promise<number> {
    const [row]: { count: number }[] = await this.dataSource.query(
      `WITH gone AS (
         DELETE FROM voice.calls WHERE tracking_id IN (
           SELECT tracking_id FROM voice.calls WHERE started_at <= $1 LIMIT $2)
         RETURNING 1
       ) SELECT count(*)::int AS count FROM gone`,
      [cutoff, limit],
    );
    return row?.count ?? 0;
  }

  /** Ends calls still active since before `before` (their provider never said they ended). */
  async expireActiveBefore(before: Date, now: Date): Promise<number> {
    const [row]: { count: number }[] = await this.dataSource.query(
      `WITH expired AS (
         UPDATE voice.calls SET status = 'ended', ended_at = $2, outcome = 'failed',
           end_reason = 'session_expired',
           end_detail = 'No word of the call from its provider; it was ended as expired'
          WHERE status = 'active' AND started_at < $1 RETURNING 1
       ) SELECT count(*)::int AS count FROM expired`,
      [before, now],
    );
    return row?.count ?? 0;
  }

  /** Runs `work` holding the purge's session lock; undefined at once when another replica has it. */
  async whileHoldingPurgeLock<T>(work: () => Promise<T>): Promise<T | undefined> {
    return whileHoldingAdvisoryLock(this.dataSource, PURGE_LOCK, work);
  }
}
