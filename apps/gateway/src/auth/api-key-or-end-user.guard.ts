import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { FastifyRequest } from 'fastify';
import { AuthFailureLimiter } from '../rate-limits/auth-failure-limiter';
import { RateLimiter } from '../rate-limits/rate-limiter';
import { ApiKeyGuard, EndUserGuard } from './auth.guards';
import { parseAuthorization } from './authorization-header';
import { CallerEnvironments } from './caller-environments';
import { CredentialsResolver } from './credentials.resolver';

/**
 * For the few reads both a server and a browser make (GET /users/account-metadata): end-user
 * credentials (Basic clientId:userId:hmac, secureMode honoured) are checked like /user/inapp's,
 * any other like the API's. The request then carries `endUser` or `principal`.
 */
@Injectable()
export class ApiKeyOrEndUserGuard implements CanActivate {
  private readonly apiKey: ApiKeyGuard;
  private readonly endUser: EndUserGuard;

  constructor(
    resolver: CredentialsResolver,
    environments: CallerEnvironments,
    authFailures: AuthFailureLimiter,
    rateLimiter: RateLimiter,
    reflector: Reflector,
  ) {
    this.apiKey = new ApiKeyGuard(resolver, environments, authFailures, rateLimiter, reflector);
    this.endUser = new EndUserGuard(resolver, authFailures, rateLimiter);
  }

  canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const { kind } = parseAuthorization(request.headers.authorization);
    return kind === 'endUser'
      ? this.endUser.canActivate(context)
      : this.apiKey.canActivate(context);
  }
}
