import { clipped } from '../common/clipped';
import { ErrorBody } from './error-body';
import { ErrorCode } from './error-code.enum';

/**
 * The longest message an error carries. Messages quote what the client sent (ids of 2,048
 * characters in the path, values of a body): a 5 KB templateId made a 5 KB 404. Validation
 * messages stay under it by themselves (ten problems of at most 200 characters).
 */
export const MAX_ERROR_MESSAGE_LENGTH = 2_048;

/**
 * An expected failure with a code from {@link ErrorCode}. Services throw these; they cross NATS
 * as data and the gateway turns the code into an HTTP status.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fix?: string,
    /** When trying again makes sense; the gateway answers it as Retry-After. */
    readonly retryAfterSeconds?: number,
  ) {
    super(clipped(message, MAX_ERROR_MESSAGE_LENGTH - 1));
    this.name = 'DomainError';
  }

  static fromBody(body: ErrorBody): DomainError {
    return new DomainError(body.code, body.message, body.fix, body.retryAfterSeconds);
  }

  toBody(): ErrorBody {
    return {
      code: this.code,
      message: this.message,
      ...(this.fix !== undefined && { fix: this.fix }),
      ...(this.retryAfterSeconds !== undefined && { retryAfterSeconds: this.retryAfterSeconds }),
    };
  }
}

export class NotFoundError extends DomainError {
  constructor(what: string, fix?: string) {
    super(ErrorCode.NOT_FOUND, `${what} was not found`, fix);
  }
}

export class UnauthorizedError extends DomainError {
  constructor(message: string, fix?: string) {
    super(ErrorCode.UNAUTHORIZED, message, fix);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message: string, fix?: string) {
    super(ErrorCode.FORBIDDEN, message, fix);
  }
}

export class ValidationFailedError extends DomainError {
  constructor(message: string, fix?: string) {
    super(ErrorCode.VALIDATION_FAILED, message, fix);
  }
}

/** A dependency is out of reach for now; worth trying again after `retryAfterSeconds`. */
export class ServiceUnavailableError extends DomainError {
  constructor(
    message: string,
    retryAfterSeconds: number,
    fix = 'Retry after the seconds of Retry-After; check GET /status if it persists.',
  ) {
    super(ErrorCode.SERVICE_UNAVAILABLE, message, fix, retryAfterSeconds);
  }
}

/** An operation Clarion does not offer; `what` names it, the fix says what to use instead. */
export class NotImplementedError extends DomainError {
  constructor(what: string, fix?: string) {
    super(ErrorCode.NOT_IMPLEMENTED, `${what} is not available in Clarion`, fix);
  }
}
