import { Inject, Injectable } from '@nestjs/common';
import { hash, timingSafeEqual } from 'node:crypto';
import {
  BillingChange,
  Broadcasts,
  ClientEnvironment,
  DomainError,
  ErrorCode,
  Principal,
  regionOfClientId,
  regionOfKey,
  Requests,
  UnauthorizedError,
} from '@clarion/contracts';
import { regionDirectoryOf } from '@clarion/config';
import { MessagingClient, OnBroadcast } from '@clarion/messaging';
import { GatewayEnv } from '../gateway.env';
import { GATEWAY_ENV } from '../gateway.tokens';
import { EndUser } from './authenticated-request';
import { PresentedCredentials } from './authorization-header';
import { isValidEndUserHmac } from './end-user-hmac';
import { IssuingRegion } from './issuing-region';
import { ExpiringCache } from '@clarion/runtime';
import { CredentialCheck, LOOK_UP_ANY } from '../rate-limits/auth-failure-limiter';
import { KnownCredentials } from './known-credentials';

const UNKNOWN_CREDENTIALS_TTL_MS = 5_000;
/** Member session tokens (POST /auth/login); anything else after Bearer is an API key. */
const SESSION_TOKEN_PREFIX = 'clarion_st_';
const isUnauthorized = (error: unknown) =>
  error instanceof DomainError && error.code === ErrorCode.UNAUTHORIZED;

/**
 * Turns presented credentials into a principal or an end user. Credentials another region
 * issued are refused first, from the region marked in them; for the others billing is asked over
 * NATS, and the answers are cached, because every request needs one and keys rarely change.
 * While the client's address is over its failure budget, credentials that resolved before are
 * looked up as ever, others only as often as the check allows (see AuthFailureLimiter).
 */
@Injectable()
export class CredentialsResolver {
  private readonly keys: ExpiringCache<Principal>;
  private readonly sessions: ExpiringCache<Principal>;
  private readonly clients: ExpiringCache<ClientEnvironment>;
  private readonly issuingRegion: IssuingRegion;
  private readonly known = new KnownCredentials();

  constructor(
    private readonly messaging: MessagingClient,
    @Inject(GATEWAY_ENV) env: GatewayEnv,
  ) {
    this.issuingRegion = new IssuingRegion(regionDirectoryOf(env));
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
  async principalOf(
    credentials: PresentedCredentials,
    check: CredentialCheck = LOOK_UP_ANY,
  ): Promise<Principal> {
    switch (credentials.kind) {
      case 'apiKey': {
        const isSession = credentials.key.startsWith(SESSION_TOKEN_PREFIX);
        this.issuingRegion.assertIssuedHere(
          regionOfKey(credentials.key),
          isSession ? invalidSession : invalidApiKey,
        );
        const keyHash = hash('sha256', credentials.key, 'hex');
        if (isSession) {
          return this.resolve(this.sessions, `session:${keyHash}`, keyHash, check, () =>
            this.messaging.request(Requests.resolveSession, { tokenHash: keyHash }),
          );
        }
        const principal = await this.resolve(this.keys, `key:${keyHash}`, keyHash, check, () =>
          this.messaging.request(Requests.resolveApiKey, { keyHash }),
        );
        if (principal.keyType === 'public') throw publicKeyRefused();
        return principal;
      }
      case 'client': {
        const environment = await this.environmentOf(credentials.clientId, check);
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
    { hmacRequired = false, check = LOOK_UP_ANY } = {},
  ): Promise<EndUser> {
    if (credentials.kind !== 'endUser') {
      throw missingCredentials('Authorization: Basic base64(clientId:userId:hmac)');
    }
    if (!credentials.userId)
      throw new UnauthorizedError(
        'The userId is empty',
        'Send Basic base64(clientId:userId:hmac).',
      );
    const environment = await this.environmentOf(credentials.clientId, check);
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
        this.known.forget(`key:${change.keyHash}`);
        return this.keys.delete(change.keyHash);
      case 'environment-changed':
        return this.clients.delete(change.clientId);
      case 'session-ended':
        this.known.forget(`session:${change.tokenHash}`);
        return this.sessions.delete(change.tokenHash);
      case 'account-changed':
        // Cached principals carry the account's status; a rare event, so all of them go.
        return [this.keys, this.sessions, this.clients].forEach((cache) => cache.clear());
    }
  }

  private environmentOf(clientId: string, check: CredentialCheck): Promise<ClientEnvironment> {
    this.issuingRegion.assertIssuedHere(regionOfClientId(clientId), unknownClientId);
    return this.resolve(this.clients, `client:${clientId}`, clientId, check, () =>
      this.messaging.request(Requests.resolveClient, { clientId }),
    );
  }

  /** From the cache or billing; billing about credentials not seen valid only if `check` allows. */
  private async resolve<T>(
    cache: ExpiringCache<T>,
    knownId: string,
    cacheKey: string,
    check: CredentialCheck,
    load: () => Promise<T>,
  ): Promise<T> {
    if (!this.known.has(knownId) && !check.mayLookUpUnknown()) throw notCheckedWhileLimited();
    const resolved = await cache.get(cacheKey, load);
    this.known.remember(knownId);
    return resolved;
  }
}

function sameSecret(expected: string, presented: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(presented);
  return a.length === b.length && timingSafeEqual(a, b);
}

// The answers billing gives to credentials it does not know, so that a made-up region marker
// tells a caller nothing more than any other invalid credential.
const invalidApiKey = () =>
  new UnauthorizedError('The API key is not valid', 'Use an API key of one of your environments.');
const invalidSession = () =>
  new UnauthorizedError(
    'The session is not valid or has expired',
    'Sign in again with POST /auth/login.',
  );
const unknownClientId = () =>
  new UnauthorizedError(
    'The clientId is not known',
    'Use the clientId of one of your environments.',
  );

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

/** Becomes the address's 429: the credentials were neither known nor, this time, looked up. */
function notCheckedWhileLimited(): UnauthorizedError {
  return new UnauthorizedError(
    'The credentials were not checked: this address failed authentication too often',
    'Use credentials of one of your environments.',
  );
}

function missingCredentials(expected: string): UnauthorizedError {
  return new UnauthorizedError('Authentication is required', `Send ${expected}.`);
}
