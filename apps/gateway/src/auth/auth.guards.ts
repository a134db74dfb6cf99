import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { RateLimiter } from '../rate-limits/rate-limiter';
import './authenticated-request';
import { parseAuthorization } from './authorization-header';
import { CredentialsResolver } from './credentials.resolver';

/** Operations of an account's environment: API key or client credentials, rate-limited per key. */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly resolver: CredentialsResolver,
    private readonly rateLimiter: RateLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const principal = await this.resolver.principalOf(
      parseAuthorization(request.headers.authorization),
    );
    this.rateLimiter.admit(principal);
    request.principal = principal;
    return true;
  }
}

/** The /user/inapp operations: one end user of one environment. */
@Injectable()
export class EndUserGuard implements CanActivate {
  constructor(private readonly resolver: CredentialsResolver) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    request.endUser = await this.resolver.endUserOf(
      parseAuthorization(request.headers.authorization),
    );
    return true;
  }
}
