import { Injectable } from '@nestjs/common';
import { LOG_QUERY_MAX_RESULTS, LogQueryDto, LogQueryState } from '@clarion/contracts';
import { DataSource } from 'typeorm';
import { conditionsOf } from './log-query-conditions';

/** A query as its runner needs it. */
export interface LogQueryRun {
  queryId: string;
  accountId: string;
  filters: LogQueryDto;
  /** Which run this is: a run found dead is started again with the next number. */
  attempt: number;
}

export interface StoredLogQuery {
  status: LogQueryState;
  /** `message` or `error` of the result; the records are read a page at a time. */
  message?: string;
  error?: string;
  total: number;
  /** Milliseconds since the current run started. */
  runningForMs: number;
  attempts: number;
}

@Injectable()
export class LogQueriesRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(run: LogQueryRun): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO logs.log_queries (query_id, account_id, filters, status, attempts)
       VALUES ($1, $2, $3, 'Running', $4)`,
      [run.queryId, run.accountId, JSON.stringify(run.filters), run.attempt],
    );
  }

  /** Queries of the account still running (and not long dead). */
  async countRunning(accountId: string, startedWithinMs: number): Promise<number> {
    const [row]: { count: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS count FROM logs.log_queries
        WHERE account_id = $1 AND status = 'Running'
          AND updated_at > now() - make_interval(secs => $2::double precision / 1000)`,
      [accountId, startedWithinMs],
    );
    return row?.count ?? 0;
  }

  async find(accountId: string, queryId: string): Promise<StoredLogQuery | undefined> {
    const [row]: {
      status: LogQueryState;
      message: string | null;
      error: string | null;
      total: number | null;
      running_for_ms: number;
      attempts: number;
    }[] = await this.dataSource.query(
      `SELECT status, result->>'message' AS message, result->>'error' AS error,
              jsonb_array_length(result->'logs') AS total, attempts,
              (extract(epoch FROM now() - updated_at) * 1000)::float8 AS running_for_ms
         FROM logs.log_queries WHERE query_id = $1 AND account_id = $2`,
      [queryId, accountId],
    );
    if (!row) return undefined;
    return {
      status: row.status,
      message: row.message ?? undefined,
      error: row.error ?? undefined,
      total: row.total ?? 0,
      runningForMs: row.running_for_ms,
      attempts: row.attempts,
    };
  }

  /** Up to `limit` records of a complete result from `offset` on, each as JSON text. */
  async resultRecords(
    accountId: string,
    queryId: string,
    offset: number,
    limit: number,
  ): Promise<string[]> {
    const rows: { record: string }[] = await this.dataSource.query(
      `SELECT e.record::text AS record
         FROM logs.log_queries q,
              jsonb_array_elements(q.result->'logs') WITH ORDINALITY AS e(record, position)
        WHERE q.query_id = $1 AND q.account_id = $2 AND e.position > $3
        ORDER BY e.position LIMIT $4`,
      [queryId, accountId, offset, limit],
    );
    return rows.map((row) => row.record);
  }

  /**
   * Takes over a run that has been going for longer than `staleAfterMs` (its replica stopped):
   * only one reader wins, and gets the filters to run again.
   */
  async claimStale(
    accountId: string,
    queryId: string,
    staleAfterMs: number,
  ): Promise<LogQueryRun | undefined> {
    const [row]: { filters: LogQueryDto; attempts: number }[] = await this.dataSource.query(
      `WITH claimed AS (
         UPDATE logs.log_queries SET attempts = attempts + 1, updated_at = now()
          WHERE query_id = $1 AND account_id = $2 AND status = 'Running'
            AND updated_at < now() - make_interval(secs => $3::double precision / 1000)
          RETURNING filters, attempts
       ) SELECT filters, attempts FROM claimed`,
      [queryId, accountId, staleAfterMs],
    );
    return row && { queryId, accountId, filters: row.filters, attempt: row.attempts };
  }

  /**
   * Runs the query inside PostgreSQL and stores its result in the same statement: the account's
   * matching records, newest first, at most LOG_QUERY_MAX_RESULTS (`cappedMessage` says so
   * when more matched). A run that was taken over or already finished stores nothing.
   */
  async runAndStore(run: LogQueryRun, cappedMessage: string, timeoutMs: number): Promise<void> {
    const { conditions, params } = conditionsOf(run.accountId, run.filters);
    const param = (value: unknown) => `$${params.push(value)}`;
    await this.dataSource.transaction(async (manager) => {
      await manager.query(`SET LOCAL statement_timeout = ${Math.floor(timeoutMs)}`);
      await manager.query(
        `WITH matched AS (
           SELECT tracking_id, record FROM logs.log_records
            WHERE ${conditions.join(' AND ')}
            ORDER BY tracking_id DESC LIMIT ${LOG_QUERY_MAX_RESULTS + 1}
         ), kept AS (
           SELECT tracking_id, record FROM matched ORDER BY tracking_id DESC LIMIT ${LOG_QUERY_MAX_RESULTS}
         )
         UPDATE logs.log_queries SET status = 'Complete', updated_at = now(), result =
           jsonb_build_object('logs',
             COALESCE((SELECT jsonb_agg(record ORDER BY tracking_id DESC) FROM kept), '[]'::jsonb))
           || CASE WHEN (SELECT count(*) FROM matched) > ${LOG_QUERY_MAX_RESULTS}
                   THEN jsonb_build_object('message', ${param(cappedMessage)}::text)
                   ELSE '{}'::jsonb END
          WHERE query_id = ${param(run.queryId)} AND status = 'Running'`,
        params,
      );
    });
  }

  /** Records why a run failed, unless another run has taken over since. */
  async fail(run: LogQueryRun, error: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE logs.log_queries SET status = 'Failed', updated_at = now(),
              result = jsonb_build_object('error', $3::text)
        WHERE query_id = $1 AND status = 'Running' AND attempts = $2`,
      [run.queryId, run.attempt, error],
    );
  }

  /** Forgets queries created more than `ageMs` ago, up to `limit`; says how many. */
  async deleteOlderThan(ageMs: number, limit: number): Promise<number> {
    const [row]: { count: number }[] = await this.dataSource.query(
      `WITH old AS (
         SELECT query_id FROM logs.log_queries
          WHERE created_at < now() - make_interval(secs => $1::double precision / 1000) LIMIT $2
       ), gone AS (
         DELETE FROM logs.log_queries q USING old WHERE q.query_id = old.query_id RETURNING 1
       ) SELECT count(*)::int AS count FROM gone`,
      [ageMs, limit],
    );
    return row?.count ?? 0;
  }
}
