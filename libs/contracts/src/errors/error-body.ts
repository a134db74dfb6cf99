import { ErrorCode } from './error-code.enum';

/** `error` of the spec 2.1 error object. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  fix?: string;
}

/** The spec 2.1 error object: every error answer of the API. */
export interface ErrorResponse {
  trackingId: string;
  error: ErrorBody;
}
