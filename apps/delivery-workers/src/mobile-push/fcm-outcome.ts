import { ProviderOutcome } from '../delivery/provider-outcome';

/** What FCM answered to one `messages:send`. */
export interface FcmAnswer {
  status: number;
  /** The parsed JSON body, or undefined when it was not JSON. */
  body: unknown;
  retryAfterMs?: number;
}

/** The parts of a google.rpc.Status error body that decide the outcome. */
interface FcmError {
  status?: string;
  message?: string;
  /** FcmError.errorCode of the details (UNREGISTERED, INVALID_ARGUMENT, QUOTA_EXCEEDED...). */
  errorCode?: string;
  /** BadRequest.fieldViolations[].field of the details (`message.token`...). */
  badFields: string[];
}

const RETRYABLE_CODES = new Set(['UNAVAILABLE', 'INTERNAL', 'QUOTA_EXCEEDED']);

/** The outcome of an FCM HTTP v1 answer (firebase.google.com/docs/reference/fcm/rest/v1/ErrorCode). */
export function fcmOutcomeOf(answer: FcmAnswer, token: string): ProviderOutcome {
  if (answer.status >= 200 && answer.status < 300) {
    const name = asRecord(answer.body)['name'];
    return {
      status: 'sent',
      ...(typeof name === 'string' ? { providerMessageId: name } : {}),
      fields: { token },
      delivered: true,
      deliveredFields: { token },
    };
  }
  const error = fcmErrorOf(answer.body);
  const reason = describe(answer.status, error);
  if (isDeadToken(error)) {
    return { status: 'failed', code: 'INVALID_FCM_TOKEN', reason, addressGone: true };
  }
  const code = error.errorCode ?? error.status;
  if (
    answer.status === 401 ||
    answer.status === 429 ||
    answer.status >= 500 ||
    (code !== undefined && RETRYABLE_CODES.has(code))
  ) {
    return {
      status: 'retry',
      reason,
      ...(answer.retryAfterMs !== undefined ? { retryAfterMs: answer.retryAfterMs } : {}),
    };
  }
  return { status: 'failed', code: 'UNKNOWN', reason };
}

/** UNREGISTERED, or INVALID_ARGUMENT that blames the registration token. */
function isDeadToken(error: FcmError): boolean {
  if (error.errorCode === 'UNREGISTERED') return true;
  if ((error.errorCode ?? error.status) !== 'INVALID_ARGUMENT') return false;
  return (
    error.badFields.includes('message.token') || /registration token/i.test(error.message ?? '')
  );
}

function fcmErrorOf(body: unknown): FcmError {
  const error = asRecord(asRecord(body)['error']);
  const details = Array.isArray(error['details']) ? error['details'].map(asRecord) : [];
  const errorCode = details.map((detail) => detail['errorCode']).find(isString);
  const badFields = details
    .flatMap((detail) =>
      Array.isArray(detail['fieldViolations']) ? detail['fieldViolations'].map(asRecord) : [],
    )
    .map((violation) => violation['field'])
    .filter(isString);
  return {
    ...(isString(error['status']) ? { status: error['status'] } : {}),
    ...(isString(error['message']) ? { message: error['message'] } : {}),
    ...(errorCode !== undefined ? { errorCode } : {}),
    badFields,
  };
}

function describe(httpStatus: number, error: FcmError): string {
  const code = error.errorCode ?? error.status ?? `HTTP ${httpStatus}`;
  return error.message ? `${code}: ${error.message}` : code;
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function isString(value: unknown): value is string {
  return typeof value === 'string';
}
