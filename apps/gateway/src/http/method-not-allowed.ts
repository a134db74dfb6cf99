import { NotFoundException } from '@nestjs/common';
import { DomainError, ErrorCode } from '@clarion/contracts';
import { FastifyReply, FastifyRequest } from 'fastify';
import { pathOf } from './request-path';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * For a request no route matched: METHOD_NOT_ALLOWED (405) with an Allow header when its path has
 * operations under other methods (`DELETE /send`), so a client learns that the path is right and
 * the method is not; undefined when the path has none (a 404 it is).
 */
export function methodNotAllowed(
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
): DomainError | undefined {
  if (!(error instanceof NotFoundException) || request.routeOptions.url !== undefined) {
    return undefined;
  }
  const path = pathOf(request.url);
  const allowed = METHODS.filter(
    (method) => request.server.findRoute({ method, url: path }) !== null,
  );
  if (allowed.length === 0) return undefined;
  void reply.header('allow', allowed.join(', '));
  return new DomainError(
    ErrorCode.METHOD_NOT_ALLOWED,
    `${request.method} is not an operation of this path`,
    `Use ${allowed.join(', ')} (see /docs for the operations of this API).`,
  );
}
