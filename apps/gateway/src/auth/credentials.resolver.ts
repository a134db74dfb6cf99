import { Inject, Injectable } from '@nestjs/common';
import { createHash, timingSafeEqual } from 'node:crypto';
import {
  BillingChange,
  Broadcasts,
  ClientEnvironment,
  DomainError,
  ErrorCode,
  Principal,
  Requests,
  UnauthorizedError,
} from '@clarion/contracts';
import { MessagingClient, OnBroadcast } from '@clarion/messaging';
import { GatewayEnv } from '../gateway.env';
import { GATEWAY_ENV } from '../gateway.tokens';
import { EndUser } from './authenticated-request';
import { PresentedCredentials } from './authorization-header';
import { isValidEndUserHmac } from './end-user-hmac';
import { ExpiringCache } from '@clarion/runtime';

const UNKNOWN_CREDENTIALS_TTL_MS = 5_000;
/** Member session tokens (POST /auth/login); anything else after Bearer is an API key. */
const SESSION_TOKEN_PREFIX = 'clarion_st_';
const isUnauthorized = (error: unknown) =>
  error instanceof DomainError && error.code === ErrorCode.UNAUTHORIZED;

/**
 * Turns presented credentials into a principal or an end user. Billing is asked over NATS; the
 * answers are cached, because every request needs one and keys rarely change.
 */
@Injectable()
export class CredentialsResolver {
  private readonly keys: ExpiringCache<Principal>;
  private readonly sessions: ExpiringCache<Principal>;
  private readonly clients: ExpiringCache<ClientEnvironment>;

  constructor(
    private readonly messaging: MessagingClient,
    @Inject(GATEWAY_ENV) env: GatewayEnv,
  ) {
    this.sessions = new ExpiringCache(
      env.AUTH_CACHE_TTL_MS,
      UNKNOWN_CREDENTIALS_TTL_MS,
      isUnauthorized,
    );
    this.keys = new ExpiringCache(
      env.AUTH_CACHE_TTL_MS,
      UNKNOWN_CREDENTIALS_TTL_MS,
      isUnauthorized,
    );
    this.clients = new ExpiringCache(
      env.AUTH_CACHE_TTL_MS,
      UNKNOWN_CREDENTIALS_TTL_MS,
      isUnauthorized,
    );
  }

  /** An API key (Bearer) or the environment's clientId:clientSecret (Basic). */
  async principalOf(credentials: PresentedCredentials): Promise<Principal> {
    switch (credentials.kind) {
      case 'apiKey': {
        const keyHash = createHash('sha256').update(credentials.key).digest('hex');
        if (credentials.key.startsWith(SESSION_TOKEN_PREFIX)) {
          return this.sessions.get(keyHash, () =>
            this.messaging.request(Requests.resolveSession, { tokenHash: keyHash }),
          );
        }
        const principal = await this.keys.get(keyHash, () =>
          this.messaging.request(Requests.resolveApiKey, { keyHash }),
        );
        if (principal.keyType === 'public') throw publicKeyRefused();
        return principal;
      }
      case 'client': {
        const environment = await this.environmentOf(credentials.clientId);
        if (!sameSecret(environment.clientSecret, credentials.clientSecret)) throw invalidClient();
        return {
          accountId: environment.accountId,
          envId: environment.envId,
          clientId: environment.clientId,
          accountStatus: environment.accountStatus,
          usageLimited: environment.usageLimited,
        };
      }
      case 'endUser':
        throw new UnauthorizedError(
          'End-user credentials are only accepted by the /user/inapp operations',
          'Use an API key: Authorization: Bearer <API key>.',
        );
      case 'none':
        throw missingCredentials('Authorization: Bearer <API key>');
      case 'malformed':
        throw new UnauthorizedError(
          `Malformed credentials: ${credentials.reason}`,
          'Use Authorization: Bearer <API key>.',
        );
    }
  }

  /**
   * An end user: Basic base64(clientId:userId:hmac); the hmac is checked under secureMode, or
   * always when `hmacRequired` (what writes a user's addresses must come from a holder of the
   * clientSecret).
   */
  async endUserOf(
    credentials: PresentedCredentials,
    { hmacRequired = false } = {},
  ): Promise<EndUser> {
    if (credentials.kind !== 'endUser') {
      throw missingCredentials('Authorization: Basic base64(clientId:userId:hmac)');
    }
    if (!credentials.userId)
      throw new UnauthorizedError(
        'The userId is empty',
        'Send Basic base64(clientId:userId:hmac).',
      );
    const environment = await this.environmentOf(credentials.clientId);
    if (
      (hmacRequired || environment.secureMode) &&
      !isValidEndUserHmac(environment.clientSecret, credentials.userId, credentials.hmac)
    ) {
      throw new UnauthorizedError(
        'The hmac does not match the userId',
        'Compute base64(HMAC-SHA256(clientSecret, userId)) on your server.',
      );
    }
    return {
      accountId: environment.accountId,
      envId: environment.envId,
      userId: credentials.userId,
    };
  }

  /** Billing says a key was revoked or an environment changed: forget it now, not at expiry. */
  @OnBroadcast(Broadcasts.billingChanges)
  forget(change: BillingChange): void {
    switch (change.kind) {
      case 'api-key-revoked':
        return this.keys.delete(change.keyHash);
      case 'environment-changed':
        return this.clients.delete(change.clientId);
      case 'session-ended':
        return this.sessions.delete(change.tokenHash);
      case 'account-changed':
        // Cached principals carry the account's status; a rare event, so all of them go.
        return [this.keys, this.sessions, this.clients].forEach((cache) => cache.clear());
    }
  }

  private environmentOf(clientId: string): Promise<ClientEnvironment> {
    return this.clients.get(clientId, () =>
      this.messaging.request(Requests.resolveClient, { clientId }),
    );
  }
}

function sameSecret(expected: string, presented: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(presented);
  return a.length === b.length && timingSafeEqual(a, b);
}

function invalidClient(): UnauthorizedError {
  return new UnauthorizedError(
    'The client credentials are not valid',
    'Use the clientId and clientSecret of one of your environments.',
  );
}

function publicKeyRefused(): DomainError {
  return new DomainError(
    ErrorCode.FORBIDDEN,
    'A public key cannot call this operation',
    'Use a secret key (clarion_sk_…) on your server.',
  );
}

function missingCredentials(expected: string): UnauthorizedError {
  return new UnauthorizedError('Authentication is required', `Send ${expected}.`);
}
