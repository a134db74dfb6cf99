import { HttpException, HttpStatus, Logger } from '@nestjs/common';
import { DomainError, ErrorCode } from '@clarion/contracts';

const logger = new Logger('Errors');

/**
 * Any error that reaches the edge, as a DomainError: ours as they are, Nest's and Fastify's by
 * their status or code, and anything else as an internal error whose details stay in the log.
 */
export function toDomainError(error: unknown, method: string, url: string): DomainError {
  if (error instanceof DomainError) return error;
  if (error instanceof HttpException) return fromHttpException(error, method, url);
  const fastifyError = fromFastifyError(error);
  if (fastifyError) return fastifyError;
  logger.error(error instanceof Error ? error : String(error), `${method} ${url}`);
  return new DomainError(ErrorCode.INTERNAL_ERROR, 'Something went wrong on our side', 'Retry; if it persists, report the trackingId.');
}

function fromHttpException(error: HttpException, method: string, url: string): DomainError {
  switch (error.getStatus()) {
    case HttpStatus.NOT_FOUND:
      return new DomainError(ErrorCode.ROUTE_NOT_FOUND, `No operation at ${method} ${url.split('?')[0]}`, 'See /docs for the operations of this API.');
    case HttpStatus.PAYLOAD_TOO_LARGE:
      return new DomainError(ErrorCode.PAYLOAD_TOO_LARGE, 'The request body is too large');
    case HttpStatus.UNSUPPORTED_MEDIA_TYPE:
      return unsupportedMediaType();
    default:
      return new DomainError(ErrorCode.VALIDATION_FAILED, error.message);
  }
}

function fromFastifyError(error: unknown): DomainError | undefined {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : '';
  switch (code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new DomainError(ErrorCode.INVALID_JSON, `The body is not valid JSON: ${message}`, 'Send a JSON object with Content-Type: application/json.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new DomainError(ErrorCode.PAYLOAD_TOO_LARGE, 'The request body is too large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return unsupportedMediaType();
  }
  if (error instanceof SyntaxError) {
    return new DomainError(ErrorCode.INVALID_JSON, `The body is not valid JSON: ${message}`, 'Send a JSON object with Content-Type: application/json.');
  }
  return undefined;
}

function unsupportedMediaType(): DomainError {
  return new DomainError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'The body must be JSON', 'Set Content-Type: application/json.');
}
