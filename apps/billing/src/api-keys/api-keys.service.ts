import { Injectable } from '@nestjs/common';
import {
  ApiKeyResponseDto,
  Broadcasts,
  CreateKeyDto,
  CreateKeyResponseDto,
  newTimeOrderedId,
  NotFoundError,
  RevokeKeyResponseDto,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { EnvironmentsRepository } from '../environments/environments.repository';
import { DeploymentRegion } from '../regions/deployment-region';
import { hashApiKey, maskedKey, newApiKey } from './api-key-secret';
import { ApiKeysRepository } from './api-keys.repository';

@Injectable()
export class ApiKeysService {
  constructor(
    private readonly keys: ApiKeysRepository,
    private readonly environments: EnvironmentsRepository,
    private readonly messaging: MessagingClient,
    private readonly region: DeploymentRegion,
  ) {}

  async list(accountId: string): Promise<ApiKeyResponseDto[]> {
    return (await this.keys.listOfAccount(accountId)).map((key) => ({
      id: key.id,
      key: maskedKey(key.keyType, key.keyHint),
      keyType: key.keyType,
      environmentId: key.clientId,
      accountId: key.accountId,
      name: key.name,
      revoked: key.revokedAt !== null,
      createdAt: key.createdAt.toISOString(),
    }));
  }

  /** A new key for an environment of the account (the caller's when none is named), shown once. */
  async create(
    accountId: string,
    callerEnvId: string,
    request: CreateKeyDto,
  ): Promise<CreateKeyResponseDto> {
    const environment = request.environmentId
      ? await this.environments.findOfAccount(accountId, request.environmentId)
      : await this.environments.findById(callerEnvId);
    if (!environment || environment.accountId !== accountId) {
      throw new NotFoundError(
        'The environment',
        'Name an environment of this account by its clientId.',
      );
    }
    const key = newApiKey(this.region.id, request.keyType);
    const stored = await this.keys.insert({
      id: newTimeOrderedId(),
      accountId,
      envId: environment.id,
      name: request.name,
      keyType: request.keyType,
      keyHash: hashApiKey(key),
      keyHint: key.slice(-4),
      revokedAt: null,
    });
    return {
      id: stored.id,
      key,
      keyType: stored.keyType,
      environmentId: environment.clientId,
      name: stored.name,
      createdAt: stored.createdAt.toISOString(),
    };
  }

  /** Revokes a key of the account; every gateway forgets it at once. */
  async revoke(accountId: string, keyId: string): Promise<RevokeKeyResponseDto> {
    const key = await this.keys.findOfAccount(accountId, keyId);
    if (!key) throw new NotFoundError('The API key', 'List your keys with GET /keys.');
    if (key.revokedAt === null) await this.keys.markRevoked(key);
    this.messaging.broadcast(Broadcasts.billingChanges, {
      kind: 'api-key-revoked',
      keyHash: key.keyHash,
    });
    return { success: true, message: `The API key ${key.name} was revoked` };
  }
}
