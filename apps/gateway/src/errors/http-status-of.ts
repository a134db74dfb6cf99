import { HttpStatus } from '@nestjs/common';
import { ErrorCode } from '@clarion/contracts';

/** RFC 6585; Nest's HttpStatus has no name for it. */
const REQUEST_HEADER_FIELDS_TOO_LARGE = 431;

/** The one place where domain error codes become HTTP statuses. */
export function httpStatusOf(code: ErrorCode): HttpStatus | typeof REQUEST_HEADER_FIELDS_TOO_LARGE {
  switch (code) {
    case ErrorCode.VALIDATION_FAILED:
    case ErrorCode.INVALID_JSON:
    case ErrorCode.INVALID_URL:
    case ErrorCode.BAD_HTTP_REQUEST:
      return HttpStatus.BAD_REQUEST;
    case ErrorCode.URI_TOO_LONG:
      return HttpStatus.URI_TOO_LONG;
    case ErrorCode.HEADERS_TOO_LARGE:
      return REQUEST_HEADER_FIELDS_TOO_LARGE;
    case ErrorCode.REQUEST_TIMEOUT:
      return HttpStatus.REQUEST_TIMEOUT;
    case ErrorCode.UNAUTHORIZED:
    case ErrorCode.MFA_REQUIRED:
    case ErrorCode.MFA_CODE_INVALID:
      return HttpStatus.UNAUTHORIZED;
    case ErrorCode.ACCOUNT_BLOCKED:
      return HttpStatus.FORBIDDEN;
    // RFC 9110 15.5.20: this server cannot answer for this target; another origin can (the fix
    // names it). A client retrying on a new connection to the same origin gets the same answer.
    case ErrorCode.WRONG_REGION:
      return HttpStatus.MISDIRECTED;
    case ErrorCode.FORBIDDEN:
      return HttpStatus.FORBIDDEN;
    case ErrorCode.NOT_FOUND:
    case ErrorCode.ROUTE_NOT_FOUND:
      return HttpStatus.NOT_FOUND;
    case ErrorCode.METHOD_NOT_ALLOWED:
      return HttpStatus.METHOD_NOT_ALLOWED;
    case ErrorCode.IDEMPOTENCY_KEY_REUSED:
      return HttpStatus.UNPROCESSABLE_ENTITY;
    case ErrorCode.IDEMPOTENCY_REQUEST_IN_FLIGHT:
    case ErrorCode.CONFLICT:
    case ErrorCode.REGISTRATION_EXISTS:
    case ErrorCode.REGISTRATION_LOCKED:
    case ErrorCode.REGISTRATION_TRANSITION_INVALID:
    case ErrorCode.BRAND_REQUIRED:
    case ErrorCode.PHONE_NUMBER_UNAVAILABLE:
    case ErrorCode.PHONE_NUMBER_BOUND:
      return HttpStatus.CONFLICT;
    case ErrorCode.INVITATION_EXPIRED:
      return HttpStatus.GONE;
    case ErrorCode.USAGE_LIMIT:
      return HttpStatus.PAYMENT_REQUIRED;
    case ErrorCode.RATE_LIMITED:
      return HttpStatus.TOO_MANY_REQUESTS;
    case ErrorCode.PAYLOAD_TOO_LARGE:
      return HttpStatus.PAYLOAD_TOO_LARGE;
    case ErrorCode.UNSUPPORTED_MEDIA_TYPE:
      return HttpStatus.UNSUPPORTED_MEDIA_TYPE;
    case ErrorCode.SERVICE_UNAVAILABLE:
      return HttpStatus.SERVICE_UNAVAILABLE;
    case ErrorCode.PROVIDER_ERROR:
      return HttpStatus.BAD_GATEWAY;
    case ErrorCode.SERVICE_TIMEOUT:
      return HttpStatus.GATEWAY_TIMEOUT;
    case ErrorCode.NOT_IMPLEMENTED:
      return HttpStatus.NOT_IMPLEMENTED;
    case ErrorCode.INTERNAL_ERROR:
      return HttpStatus.INTERNAL_SERVER_ERROR;
  }
}
