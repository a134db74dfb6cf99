import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { AuthFailureLimiter } from '../rate-limits/auth-failure-limiter';
import { RateLimiter } from '../rate-limits/rate-limiter';
import './authenticated-request';
import { parseAuthorization } from './authorization-header';
import { CredentialsResolver } from './credentials.resolver';

/**
 * Operations of an account's environment: API key or client credentials, refused while the
 * client's address has failed authentication too often, then rate-limited per key.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly resolver: CredentialsResolver,
    private readonly authFailures: AuthFailureLimiter,
    private readonly rateLimiter: RateLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const principal = await this.authFailures.screen(request.ip, () =>
      this.resolver.principalOf(parseAuthorization(request.headers.authorization)),
    );
    this.rateLimiter.admit(principal);
    request.principal = principal;
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
    const endUser = await this.authFailures.screen(request.ip, () =>
      this.resolver.endUserOf(parseAuthorization(request.headers.authorization)),
    );
    this.rateLimiter.admitEndUser(endUser);
    request.endUser = endUser;
    return true;
  }
}
