import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { FastifyRequest } from 'fastify';
import { AuthFailureLimiter } from '../rate-limits/auth-failure-limiter';
import { RateLimiter } from '../rate-limits/rate-limiter';
import './authenticated-request';
import { parseAuthorization } from './authorization-header';
import { CallerEnvironments } from './caller-environments';
import { CALLER_SCOPE, CallerScope } from './caller-scope';
import { CredentialsResolver } from './credentials.resolver';
import { takeEnvIdParameter } from './env-id-parameter';

/**
 * Operations of an account and its environments: API key, client credentials or member session
 * (only known ones while the client's address has failed authentication too often), then
 * rate-limited per key; the principal acts on the environment the credentials or the envId parameter settle.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly resolver: CredentialsResolver,
    private readonly environments: CallerEnvironments,
    private readonly authFailures: AuthFailureLimiter,
    private readonly rateLimiter: RateLimiter,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const principal = await this.authFailures.screen(request.ip, (check) =>
      this.resolver.principalOf(parseAuthorization(request.headers.authorization), check),
    );
    this.rateLimiter.admit(principal);
    const scope =
      this.reflector.getAllAndOverride<CallerScope | undefined>(CALLER_SCOPE, [
        context.getHandler(),
        context.getClass(),
      ]) ?? 'environment';
    request.principal = await this.environments.principalFor(
      principal,
      takeEnvIdParameter(request),
      scope,
    );
    return true;
  }
}

/** The /user/inapp operations: one end user of one environment, rate-limited per end user. */
@Injectable()
export class EndUserGuard implements CanActivate {
  constructor(
    private readonly resolver: CredentialsResolver,
    private readonly authFailures: AuthFailureLimiter,
    private readonly rateLimiter: RateLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const endUser = await this.authFailures.screen(request.ip, (check) =>
      this.resolver.endUserOf(parseAuthorization(request.headers.authorization), { check }),
    );
    this.rateLimiter.admitEndUser(endUser);
    request.endUser = endUser;
    return true;
  }
}
