import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { ForbiddenError } from '@clarion/contracts';
import { FastifyRequest } from 'fastify';
import './authenticated-request';

/** Profile operations act for a person, so they need a member session rather than an API key. */
@Injectable()
export class MemberGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (context.switchToHttp().getRequest<FastifyRequest>().principal?.member) return true;
    throw new ForbiddenError(
      'This operation needs a member session, not an API key',
      'Sign in with POST /auth/login and send Authorization: Bearer <token>.',
    );
  }
}
