import { Injectable } from '@nestjs/common';
import {
  AccountScope,
  ApiKeyResponseDto,
  CreateKeyRequest,
  CreateKeyResponseDto,
  KeyRef,
  Principal,
  Requests,
  ResolveApiKeyRequest,
  UnauthorizedError,
} from '@clarion/contracts';
import { HandleRequest } from '@clarion/messaging';
import { ApiKeysRepository } from './api-keys.repository';
import { ApiKeysService } from './api-keys.service';

@Injectable()
export class ApiKeysHandlers {
  constructor(
    private readonly keys: ApiKeysRepository,
    private readonly service: ApiKeysService,
  ) {}

  @HandleRequest(Requests.resolveApiKey, ResolveApiKeyRequest)
  async resolveApiKey(request: ResolveApiKeyRequest): Promise<Principal> {
    const key = await this.keys.findLiveByHash(request.keyHash);
    if (!key) {
      throw new UnauthorizedError(
        'The API key is not valid',
        'Use an API key of one of your environments.',
      );
    }
    return key;
  }

  @HandleRequest(Requests.listKeys, AccountScope)
  listKeys(request: AccountScope): Promise<ApiKeyResponseDto[]> {
    return this.service.list(request.accountId);
  }

  @HandleRequest(Requests.createKey, CreateKeyRequest)
  createKey(request: CreateKeyRequest): Promise<CreateKeyResponseDto> {
    return this.service.create(request.accountId, request.callerEnvId, request.key);
  }

  @HandleRequest(Requests.revokeKey, KeyRef)
  revokeKey(request: KeyRef): Promise<{ success: boolean }> {
    return this.service.revoke(request.accountId, request.keyId);
  }
}
