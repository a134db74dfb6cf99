import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { ForbiddenError } from '@clarion/contracts';
import { FastifyRequest } from 'fastify';
import '../auth/authenticated-request';
import { parseAuthorization } from '../auth/authorization-header';
import { CredentialsResolver } from '../auth/credentials.resolver';
import { AuthFailureLimiter } from '../rate-limits/auth-failure-limiter';
import { RateLimiter } from '../rate-limits/rate-limiter';
import { assertClientIdOfPath } from './client-id-in-path.guard';

/**
 * The hosted service's `/{clientId}/users/{userId}/…` operations of its server SDK: Basic
 * base64(clientId:userId:hmac) for the user of the path, with the hmac whatever secureMode says,
 * since the SDK always has the clientSecret to compute it and these operations write the user's
 * addresses and choices.
 */
@Injectable()
export class VerifiedEndUserGuard implements CanActivate {
  constructor(
    private readonly resolver: CredentialsResolver,
    private readonly authFailures: AuthFailureLimiter,
    private readonly rateLimiter: RateLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const credentials = parseAuthorization(request.headers.authorization);
    const endUser = await this.authFailures.screen(request.ip, (check) =>
      this.resolver.endUserOf(credentials, { hmacRequired: true, check }),
    );
    if (credentials.kind === 'endUser') assertClientIdOfPath(request, credentials.clientId);
    const { userId } = request.params as { userId?: string };
    if (userId !== endUser.userId) {
      throw new ForbiddenError(
        'These credentials are for another user than the one the path names',
        'Send Basic base64(clientId:userId:hmac) for the userId of the path.',
      );
    }
    this.rateLimiter.admitEndUser(endUser);
    request.endUser = endUser;
    return true;
  }
}
