import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { EndUserGuard } from '../auth/auth.guards';
import { GatewayEnv } from '../gateway.env';
import { GATEWAY_ENV } from '../gateway.tokens';
import { AuthFailureLimiter } from '../rate-limits/auth-failure-limiter';
import { RateLimiter } from '../rate-limits/rate-limiter';
import { verifyStreamToken } from './stream-token';

/**
 * GET /user/inapp/stream: a `token` query parameter (browsers' EventSource cannot send headers)
 * or, without one, the end user's Basic credentials like every /user/inapp operation.
 */
@Injectable()
export class StreamAuthGuard implements CanActivate {
  constructor(
    private readonly endUsers: EndUserGuard,
    private readonly authFailures: AuthFailureLimiter,
    private readonly rateLimiter: RateLimiter,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const token = (request.query as Record<string, unknown> | undefined)?.['token'];
    if (typeof token !== 'string' || token === '') return this.endUsers.canActivate(context);
    const endUser = await this.authFailures.screen(request.ip, () =>
      Promise.resolve().then(() => verifyStreamToken(token, this.env.STREAM_TOKEN_SECRET)),
    );
    this.rateLimiter.admitEndUser(endUser);
    request.endUser = endUser;
    return true;
  }
}
