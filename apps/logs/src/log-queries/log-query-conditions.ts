import {
  LOG_QUERY_CHANNELS,
  LogQueryChannel,
  LogQueryDto,
  LogQueryStatus,
  receivedRangeOf,
} from '@clarion/contracts';
import { firstTrackingIdAt } from '../retention/first-tracking-id-at';

/**
 * A trackingId is made when the gateway receives a send, moments before `received_at`; an hour
 * either side lets the index narrow a date range without ever missing a record.
 */
const TRACKING_ID_SLACK_MS = 60 * 60_000;

export interface SqlConditions {
  /** Conditions on logs.log_records, to be joined with AND. */
  conditions: string[];
  /** Their parameters: $1 … $n. */
  params: unknown[];
}

/** The SQL conditions of a query's filters: always the account, then every filter given. */
export function conditionsOf(accountId: string, filters: LogQueryDto): SqlConditions {
  const params: unknown[] = [accountId];
  const param = (value: unknown) => `$${params.push(value)}`;
  const conditions = ['account_id = $1'];
  const channels = nonEmpty(filters.channelFilter);

  if (filters.dateRangeFilter) {
    const { fromMs, toMs } = receivedRangeOf(filters.dateRangeFilter);
    conditions.push(
      `tracking_id >= ${param(firstTrackingIdAt(fromMs - TRACKING_ID_SLACK_MS))}::uuid`,
      `tracking_id < ${param(firstTrackingIdAt(toMs + 1 + TRACKING_ID_SLACK_MS))}::uuid`,
      `(record->>'received_at')::timestamptz BETWEEN ${param(new Date(fromMs).toISOString())}::timestamptz AND ${param(new Date(toMs).toISOString())}::timestamptz`,
    );
  }
  if (filters.userFilter !== undefined) {
    conditions.push(`record->>'user_id' = ${param(filters.userFilter)}`);
  }
  const envIds = nonEmpty(filters.envIdFilter);
  if (envIds) conditions.push(`env_id = ANY(${param(envIds)}::uuid[])`);
  if (filters.statusFilter !== undefined) {
    conditions.push(`record ?| ${param(stepFieldsOf(filters.statusFilter, channels))}::text[]`);
  }
  if (channels) {
    conditions.push(`record ?| ${param(channels.map((channel) => `${channel}_routing`))}::text[]`);
  }
  const trackingIds = nonEmpty(filters.trackingIds);
  if (trackingIds) conditions.push(`tracking_id = ANY(${param(trackingIds)}::uuid[])`);
  const types = nonEmpty(filters.notificationFilter);
  if (types) conditions.push(`record->>'type' = ANY(${param(types)}::text[])`);
  return { conditions, params };
}

/**
 * The record fields whose presence means a send reached `status`: `<channel>_<step>_at` on the
 * given channels (all when none are given), `failed_at` for a send that failed as a whole,
 * `ignored`, and `scheduled_for`.
 */
export function stepFieldsOf(
  status: LogQueryStatus,
  channels: readonly LogQueryChannel[] = LOG_QUERY_CHANNELS,
): string[] {
  switch (status) {
    case 'ignored':
      return ['ignored'];
    case 'scheduled':
      return ['scheduled_for'];
    case 'failed':
      return ['failed_at', ...channels.map((channel) => `${channel}_failed_at`)];
    case 'sent':
    case 'delivered':
    case 'opened':
    case 'clicked':
    case 'inbound':
    case 'replied':
    case 'unsubscribe':
    case 'subscribe':
      return channels.map((channel) => `${channel}_${status}_at`);
  }
}

/** An empty list filters nothing, as if it were not given. */
function nonEmpty<T>(values: T[] | undefined): T[] | undefined {
  return values && values.length > 0 ? [...new Set(values)] : undefined;
}
