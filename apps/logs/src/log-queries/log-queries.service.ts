import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import {
  DomainError,
  ErrorCode,
  LOG_QUERY_MAX_RESULTS,
  LogRecordDto,
  LogQueryResponseDto,
  LogQueryResultPage,
  LogQueryResultRequest,
  newTimeOrderedId,
  NotFoundError,
  StartLogQueryRequest,
} from '@clarion/contracts';
import { isUUID } from 'class-validator';
import { LogQueriesRepository, LogQueryRun } from './log-queries.repository';

/** A run gets this long; longer means the filters need narrowing. */
const RUN_TIMEOUT_MS = 60_000;
/** A query still running this long after its run started lost its replica, and runs again. */
const STALE_AFTER_MS = 3 * RUN_TIMEOUT_MS;
/** Runs of one query, counting re-runs, before it is given up as failed. */
const MAX_ATTEMPTS = 3;
/** Queries of one account running at once: each may scan many records. */
const MAX_RUNNING_PER_ACCOUNT = 10;
/** Record JSON per reply page, well inside NATS's 1 MB message. */
const PAGE_BYTES = 512 * 1024;
const PAGE_RECORDS = 250;
const POSTGRES_QUERY_CANCELED = '57014';

const CAPPED_MESSAGE = `More than ${LOG_QUERY_MAX_RESULTS} records match: these are the newest ${LOG_QUERY_MAX_RESULTS}. Narrow dateRangeFilter to see older ones.`;

/**
 * Log queries (POST /logs/query): stored, run in the background by the replica that took them,
 * read back a page at a time. A run found dead is started again by the next read.
 */
@Injectable()
export class LogQueriesService implements BeforeApplicationShutdown {
  private readonly logger = new Logger(LogQueriesService.name);
  private stopping = false;

  constructor(private readonly queries: LogQueriesRepository) {}

  async start(request: StartLogQueryRequest): Promise<LogQueryResponseDto> {
    const running = await this.queries.countRunning(request.accountId, STALE_AFTER_MS);
    if (running >= MAX_RUNNING_PER_ACCOUNT) {
      throw new DomainError(
        ErrorCode.RATE_LIMITED,
        `${running} log queries of this account are still running`,
        'Wait for a running query to complete (GET /logs/query/{queryId}), then start another.',
      );
    }
    const run: LogQueryRun = {
      queryId: newTimeOrderedId(),
      accountId: request.accountId,
      filters: request.filters,
      attempt: 1,
    };
    await this.queries.insert(run);
    this.runInBackground(run);
    return { queryId: run.queryId };
  }

  async resultPage(request: LogQueryResultRequest): Promise<LogQueryResultPage> {
    const query = isUUID(request.queryId)
      ? await this.queries.find(request.accountId, request.queryId)
      : undefined;
    if (!query) {
      throw new NotFoundError(
        `The log query ${request.queryId}`,
        'Use a queryId from POST /logs/query of the last 24 hours.',
      );
    }
    switch (query.status) {
      case 'Running':
        return query.runningForMs > STALE_AFTER_MS ? this.runAgain(request) : { status: 'Running' };
      case 'Failed':
        return { status: 'Failed', error: query.error ?? 'The query failed' };
      case 'Complete':
        return this.completePage(request, query.total, query.message);
    }
  }

  beforeApplicationShutdown(): void {
    // A run cut short by the shutdown stays Running, and the next read after it goes stale
    // runs it again; it must not be recorded as failed.
    this.stopping = true;
  }

  private async completePage(
    request: LogQueryResultRequest,
    total: number,
    message: string | undefined,
  ): Promise<LogQueryResultPage> {
    const offset = request.offset ?? 0;
    const texts = await this.queries.resultRecords(
      request.accountId,
      request.queryId,
      offset,
      PAGE_RECORDS,
    );
    let bytes = 0;
    // Always at least one record, so that reading makes progress whatever a record's size.
    const kept = texts.filter((text, index) => (bytes += text.length) <= PAGE_BYTES || index === 0);
    const logs = kept.map((text) => JSON.parse(text) as LogRecordDto);
    const next = offset + logs.length;
    return {
      status: 'Complete',
      logs,
      ...(message === undefined ? {} : { message }),
      ...(next < total ? { nextOffset: next } : {}),
    };
  }

  /** Runs a query again whose run was left unfinished, or gives up on it. */
  private async runAgain(request: LogQueryResultRequest): Promise<LogQueryResultPage> {
    const run = await this.queries.claimStale(request.accountId, request.queryId, STALE_AFTER_MS);
    // Another reader took it over first.
    if (!run) return { status: 'Running' };
    if (run.attempt > MAX_ATTEMPTS) {
      const error = `The query did not complete in ${MAX_ATTEMPTS} attempts; narrow the filters and start it again`;
      await this.queries.fail(run, error);
      return { status: 'Failed', error };
    }
    this.logger.warn(`Log query ${run.queryId} was left running; running it again`);
    this.runInBackground(run);
    return { status: 'Running' };
  }

  private runInBackground(run: LogQueryRun): void {
    void this.queries
      .runAndStore(run, CAPPED_MESSAGE, RUN_TIMEOUT_MS)
      .catch(async (error: unknown) => {
        if (this.stopping) return;
        const timedOut = postgresCodeOf(error) === POSTGRES_QUERY_CANCELED;
        if (!timedOut) this.logger.error(`Log query ${run.queryId} failed: ${String(error)}`);
        await this.queries
          .fail(
            run,
            timedOut
              ? `The query took longer than ${RUN_TIMEOUT_MS / 1000} s; narrow dateRangeFilter or add filters`
              : 'The query could not be run; start it again',
          )
          .catch((failure: unknown) =>
            this.logger.error(
              `Could not record the failure of log query ${run.queryId}: ${String(failure)}`,
            ),
          );
      });
  }
}

function postgresCodeOf(error: unknown): unknown {
  const failure = error as { code?: unknown; driverError?: { code?: unknown } } | undefined;
  return failure?.code ?? failure?.driverError?.code;
}
