import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { ForbiddenError } from '@clarion/contracts';
import { FastifyRequest } from 'fastify';
import '../auth/authenticated-request';

/** The hosted service's paths start with a clientId: it must be the one of the credentials. */
export function assertClientIdOfPath(request: FastifyRequest, clientId: string): void {
  const { clientId: inPath } = request.params as { clientId?: string };
  if (inPath !== clientId) {
    throw new ForbiddenError(
      'These credentials belong to another clientId than the one the path names',
      'Call /{clientId}/… with the clientId of the credentials (GET /environments lists them).',
    );
  }
}

/** After ApiKeyGuard: the clientId of the path is the principal's environment. */
@Injectable()
export class ClientIdInPathGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (!request.principal) throw new Error('ClientIdInPathGuard runs after ApiKeyGuard');
    assertClientIdOfPath(request, request.principal.clientId);
    return true;
  }
}
