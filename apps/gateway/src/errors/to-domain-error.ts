import { HttpException, HttpStatus, Logger } from '@nestjs/common';
import { DomainError, ErrorCode } from '@clarion/contracts';
import { describeFailure } from '@clarion/messaging';
import { pathOf } from '../http/request-path';
import { dependencyFailureOf } from './dependency-failure';

const logger = new Logger('Errors');
const JSON_FIX = 'Send a JSON object with Content-Type: application/json.';

/**
 * Any error that reaches the edge, as a DomainError: ours as they are; Nest's and Fastify's
 * (which Nest hands over as HttpExceptions: unknown route, unparsable body, wrong media type,
 * body too large) by their status; a failure of NATS or JetStream as 503 or 504; anything else as
 * an internal error whose details stay in the log, never in the answer. The log names the request
 * by its method and path: never its query string, which can carry a token.
 */
export function toDomainError(error: unknown, method: string, url: string): DomainError {
  if (error instanceof DomainError) return error;
  const path = pathOf(url);
  if (error instanceof HttpException) return fromHttpException(error, method, path);
  const dependencyFailure = dependencyFailureOf(error);
  if (dependencyFailure) {
    logger.warn(`${method} ${path}: ${describeFailure(error)}`);
    return dependencyFailure;
  }
  logger.error(error instanceof Error ? error : String(error), `${method} ${path}`);
  return new DomainError(
    ErrorCode.INTERNAL_ERROR,
    'Something went wrong on our side',
    'Retry; if it persists, report the trackingId.',
  );
}

function fromHttpException(error: HttpException, method: string, path: string): DomainError {
  switch (error.getStatus()) {
    case HttpStatus.NOT_FOUND:
      return new DomainError(
        ErrorCode.ROUTE_NOT_FOUND,
        `No operation at ${method} ${path}`,
        'See /docs for the operations of this API.',
      );
    case HttpStatus.PAYLOAD_TOO_LARGE:
      return new DomainError(ErrorCode.PAYLOAD_TOO_LARGE, 'The request body is too large');
    case HttpStatus.UNSUPPORTED_MEDIA_TYPE:
      return new DomainError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'The body must be JSON', JSON_FIX);
    default:
      return /json/i.test(error.message)
        ? new DomainError(
            ErrorCode.INVALID_JSON,
            `The body is not valid JSON: ${error.message}`,
            JSON_FIX,
          )
        : new DomainError(ErrorCode.VALIDATION_FAILED, error.message);
  }
}
