import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  EnvironmentIdentity,
  ErrorCode,
  ForbiddenError,
  Principal,
  Requests,
  ValidationFailedError,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { ExpiringCache } from '@clarion/runtime';
import { GatewayEnv } from '../gateway.env';
import { GATEWAY_ENV } from '../gateway.tokens';
import { CallerScope } from './caller-scope';

/** How long an envId that names none of the account's environments stays refused unasked. */
const REFUSED_TTL_MS = 5_000;
const isForbidden = (error: unknown) =>
  error instanceof DomainError && error.code === ErrorCode.FORBIDDEN;

/**
 * Settles the environment a caller acts on. An API key (or client credentials) acts on its own
 * environment: an envId naming any other is refused without asking billing. A member session acts
 * on the environment of its account that envId names, which billing confirms once per
 * AUTH_CACHE_TTL_MS (environments never move between accounts); an operation on one environment
 * needs it, an operation on the whole account does not.
 */
@Injectable()
export class CallerEnvironments {
  private readonly named: ExpiringCache<EnvironmentIdentity>;

  constructor(
    private readonly messaging: MessagingClient,
    @Inject(GATEWAY_ENV) env: GatewayEnv,
  ) {
    this.named = new ExpiringCache(env.AUTH_CACHE_TTL_MS, REFUSED_TTL_MS, isForbidden);
  }

  async principalFor(
    principal: Principal,
    envId: string | undefined,
    scope: CallerScope,
  ): Promise<Principal> {
    if (!principal.member) {
      if (envId === undefined || envId === principal.envId || envId === principal.clientId) {
        return principal;
      }
      throw anotherEnvironmentOfKey();
    }
    if (envId === undefined) {
      if (scope === 'account') return principal;
      throw envIdRequired();
    }
    const { accountId } = principal;
    const environment = await this.named.get(`${accountId}\u0000${envId}`, () =>
      this.messaging.request(Requests.environmentOfAccount, { accountId, envId }),
    );
    return { ...principal, envId: environment.envId, clientId: environment.clientId };
  }
}

function anotherEnvironmentOfKey(): ForbiddenError {
  return new ForbiddenError(
    'An API key acts only on its own environment, and envId names another',
    'Leave envId out with an API key or client credentials, or use an API key of the ' +
      'environment envId names.',
  );
}

function envIdRequired(): ValidationFailedError {
  return new ValidationFailedError(
    'A member session must name the environment it acts on: envId is missing',
    'Add ?envId=<clientId of the environment> (GET /environments lists them), or use an API ' +
      'key of that environment.',
  );
}
