import { ErrorCode } from './error-code.enum';

/** `error` of the spec 2.1 error object. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  fix?: string;
  /**
   * Seconds after which trying again may succeed (a lockout's end, say). It crosses NATS with the
   * error; the gateway answers it as the Retry-After header, not in the error object.
   */
  retryAfterSeconds?: number;
}

/** The spec 2.1 error object: every error answer of the API. */
export interface ErrorResponse {
  trackingId: string;
  error: ErrorBody;
}
