import { HttpStatus } from '@nestjs/common';
import { ErrorCode } from '@clarion/contracts';

/** The one place where domain error codes become HTTP statuses. */
export function httpStatusOf(code: ErrorCode): HttpStatus {
  switch (code) {
    case ErrorCode.VALIDATION_FAILED:
    case ErrorCode.INVALID_JSON:
      return HttpStatus.BAD_REQUEST;
    case ErrorCode.UNAUTHORIZED:
    case ErrorCode.MFA_REQUIRED:
    case ErrorCode.MFA_CODE_INVALID:
      return HttpStatus.UNAUTHORIZED;
    case ErrorCode.ACCOUNT_BLOCKED:
      return HttpStatus.FORBIDDEN;
    case ErrorCode.FORBIDDEN:
      return HttpStatus.FORBIDDEN;
    case ErrorCode.NOT_FOUND:
    case ErrorCode.ROUTE_NOT_FOUND:
      return HttpStatus.NOT_FOUND;
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
