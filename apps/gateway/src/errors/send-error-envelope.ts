import { ErrorResponse } from '@clarion/contracts';
import { FastifyReply, FastifyRequest } from 'fastify';
import { RateLimitedError } from '../rate-limits/rate-limiter';
import { httpStatusOf } from './http-status-of';
import { toDomainError } from './to-domain-error';

/** Answers with the spec 2.1 error object, carrying the request's trackingId. */
export function sendErrorEnvelope(
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const domainError = toDomainError(error, request.method, request.url);
  const body: ErrorResponse = { trackingId: request.id, error: domainError.toBody() };
  if (domainError instanceof RateLimitedError) {
    void reply.header('retry-after', String(domainError.retryAfterSeconds));
  }
  void reply
    .status(httpStatusOf(domainError.code))
    .header('content-type', 'application/json')
    .send(body);
}
