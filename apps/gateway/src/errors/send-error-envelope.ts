import { ErrorBody, ErrorResponse } from '@clarion/contracts';
import { FastifyReply, FastifyRequest } from 'fastify';
import { httpStatusOf } from './http-status-of';
import { retryAfterOf } from './retry-after-of';
import { toDomainError } from './to-domain-error';

/**
 * Answers with the spec 2.1 error object, carrying the request's trackingId, and with Retry-After
 * on every answer that means "not now" (429, 503, 504).
 */
export function sendErrorEnvelope(
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const domainError = toDomainError(error, request.method, request.url);
  const { code, message, fix } = domainError.toBody();
  const errorObject: ErrorBody = fix === undefined ? { code, message } : { code, message, fix };
  const body: ErrorResponse = { trackingId: request.id, error: errorObject };
  const retryAfter = retryAfterOf(domainError);
  if (retryAfter !== undefined) void reply.header('retry-after', String(retryAfter));
  void reply
    .status(httpStatusOf(domainError.code))
    .header('content-type', 'application/json')
    .send(body);
}
