import { DomainError, ErrorCode } from '@clarion/contracts';
import { ErrorCode as NatsErrorCode, NatsError } from 'nats';

/**
 * How a failure bears on trying again:
 * - `transient`: a dependency is unreachable or overloaded (database down, no responder, a
 *   timeout); the same work succeeds once it is back, however long that takes.
 * - `permanent`: the work itself can never succeed (malformed, refused by a rule, text the
 *   database cannot store); trying again only delays what comes after it.
 * - `unknown`: anything else (most likely a bug); worth a few more attempts.
 */
export type FailureKind = 'transient' | 'permanent' | 'unknown';

const TRANSIENT_CODES = new Set<ErrorCode>([
  ErrorCode.SERVICE_UNAVAILABLE,
  ErrorCode.SERVICE_TIMEOUT,
  ErrorCode.RATE_LIMITED,
]);
const PERMANENT_CODES = new Set<ErrorCode>([
  ErrorCode.VALIDATION_FAILED,
  ErrorCode.INVALID_JSON,
  ErrorCode.PAYLOAD_TOO_LARGE,
]);
const TRANSIENT_NATS_CODES = new Set<string>([
  NatsErrorCode.Timeout,
  NatsErrorCode.NoResponders,
  NatsErrorCode.Disconnect,
  NatsErrorCode.ConnectionClosed,
  NatsErrorCode.ConnectionDraining,
  NatsErrorCode.ConnectionRefused,
  NatsErrorCode.ConnectionTimeout,
  NatsErrorCode.JetStreamNotEnabled,
  NatsErrorCode.JetStream408RequestTimeout,
  NatsErrorCode.JetStream409,
]);
const TRANSIENT_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** SQLSTATEs of a server that is away or busy, or of work that lost a race: retry as is. */
const TRANSIENT_SQLSTATE = /^(08|53|57|58)|^(40001|40P01|55P03)$/;
/** Class 22, data exceptions: U+0000 in text, a value out of range; never storable. */
const PERMANENT_SQLSTATE = /^22/;
/** What node-postgres and its pool say, without a code, when the server is gone. */
const LOST_DATABASE =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|terminating connection|the database system is (starting up|shutting down|in recovery)|Connection is not established|connect ECONNREFUSED/i;

export function failureKindOf(error: unknown): FailureKind {
  if (error instanceof DomainError) {
    if (TRANSIENT_CODES.has(error.code)) return 'transient';
    return PERMANENT_CODES.has(error.code) ? 'permanent' : 'unknown';
  }
  if (error instanceof NatsError) {
    return TRANSIENT_NATS_CODES.has(error.code) ? 'transient' : 'unknown';
  }
  const sqlState = sqlStateOf(error);
  if (sqlState !== undefined) {
    if (TRANSIENT_SQLSTATE.test(sqlState)) return 'transient';
    if (PERMANENT_SQLSTATE.test(sqlState)) return 'permanent';
  }
  if (TRANSIENT_SOCKET_CODES.has(String(field(error, 'code')))) return 'transient';
  if (error instanceof Error && LOST_DATABASE.test(error.message)) return 'transient';
  const cause = field(error, 'cause') ?? field(error, 'driverError');
  return cause !== undefined && cause !== error ? failureKindOf(cause) : 'unknown';
}

/** A PostgreSQL error's SQLSTATE, also when TypeORM wraps it (QueryFailedError.driverError). */
export function sqlStateOf(error: unknown): string | undefined {
  for (const candidate of [error, field(error, 'driverError')]) {
    const code = field(candidate, 'code');
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && field(candidate, 'severity'))
      return code;
  }
  return undefined;
}

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null
    ? (value as Record<string, unknown>)[name]
    : undefined;
}
