/** Machine-readable error codes (`error.code` of the spec 2.1 error object). */
export enum ErrorCode {
  VALIDATION_FAILED = 'VALIDATION_FAILED',
  INVALID_JSON = 'INVALID_JSON',
  /** A path or query string that is not valid percent-encoded UTF-8: 400. */
  INVALID_URL = 'INVALID_URL',
  /** A path segment longer than a path parameter may be: 414. */
  URI_TOO_LONG = 'URI_TOO_LONG',
  /** A request line and headers over Node's 16 KB: 431. */
  HEADERS_TOO_LARGE = 'HEADERS_TOO_LARGE',
  /** A request that is not valid HTTP/1.1, or that took too long to arrive: 400 or 408. */
  BAD_HTTP_REQUEST = 'BAD_HTTP_REQUEST',
  REQUEST_TIMEOUT = 'REQUEST_TIMEOUT',
  UNSUPPORTED_MEDIA_TYPE = 'UNSUPPORTED_MEDIA_TYPE',
  PAYLOAD_TOO_LARGE = 'PAYLOAD_TOO_LARGE',
  UNAUTHORIZED = 'UNAUTHORIZED',
  MFA_REQUIRED = 'MFA_REQUIRED',
  MFA_CODE_INVALID = 'MFA_CODE_INVALID',
  ACCOUNT_BLOCKED = 'ACCOUNT_BLOCKED',
  /**
   * Credentials of an account of another region, sent to this region's gateway: 421 Misdirected
   * Request, the fix naming that region's base URL.
   */
  WRONG_REGION = 'WRONG_REGION',
  FORBIDDEN = 'FORBIDDEN',
  NOT_FOUND = 'NOT_FOUND',
  ROUTE_NOT_FOUND = 'ROUTE_NOT_FOUND',
  /** A path that has operations, but none for the method used: 405, with Allow. */
  METHOD_NOT_ALLOWED = 'METHOD_NOT_ALLOWED',
  CONFLICT = 'CONFLICT',
  /** An invitation redeemed after it expired: 410, with a fix. */
  INVITATION_EXPIRED = 'INVITATION_EXPIRED',
  /** A second 10DLC brand registration for the same account: 409. */
  REGISTRATION_EXISTS = 'REGISTRATION_EXISTS',
  /** An edit of a registration that was submitted to carriers: 409, with a fix. */
  REGISTRATION_LOCKED = 'REGISTRATION_LOCKED',
  /** An operator action the registration workflow does not allow from the current status: 409. */
  REGISTRATION_TRANSITION_INVALID = 'REGISTRATION_TRANSITION_INVALID',
  /** A campaign registration before the account has a brand registration: 409, with a fix. */
  BRAND_REQUIRED = 'BRAND_REQUIRED',
  IDEMPOTENCY_KEY_REUSED = 'IDEMPOTENCY_KEY_REUSED',
  IDEMPOTENCY_REQUEST_IN_FLIGHT = 'IDEMPOTENCY_REQUEST_IN_FLIGHT',
  RATE_LIMITED = 'RATE_LIMITED',
  USAGE_LIMIT = 'USAGE_LIMIT',
  SERVICE_UNAVAILABLE = 'SERVICE_UNAVAILABLE',
  /**
   * A phone number that cannot be ordered: on an account already, held for the account that
   * released it (2 weeks), being ordered by another request, or refused by the provider: 409.
   */
  PHONE_NUMBER_UNAVAILABLE = 'PHONE_NUMBER_UNAVAILABLE',
  /** A bind of a number that is bound to another voice agent: 409. */
  PHONE_NUMBER_BOUND = 'PHONE_NUMBER_BOUND',
  /** A provider (Slack, Twilio, …) refused or failed a request made for the caller: 502. */
  PROVIDER_ERROR = 'PROVIDER_ERROR',
  SERVICE_TIMEOUT = 'SERVICE_TIMEOUT',
  /**
   * An operation of the hosted service that Clarion does not offer (dashboard-only ones such as
   * Stripe checkout or the Supabase integration, or one not built yet): 501, with a fix.
   */
  NOT_IMPLEMENTED = 'NOT_IMPLEMENTED',
  INTERNAL_ERROR = 'INTERNAL_ERROR',
}
