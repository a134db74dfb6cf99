import { Injectable } from '@nestjs/common';
import { Principal, Requests, ResolveApiKeyRequest, UnauthorizedError } from '@clarion/contracts';
import { HandleRequest } from '@clarion/messaging';
import { ApiKeysRepository } from './api-keys.repository';

@Injectable()
export class ApiKeysHandlers {
  constructor(private readonly keys: ApiKeysRepository) {}

  @HandleRequest(Requests.resolveApiKey, ResolveApiKeyRequest)
  async resolveApiKey(request: ResolveApiKeyRequest): Promise<Principal> {
    const key = await this.keys.findLiveByHash(request.keyHash);
    if (!key)
      throw new UnauthorizedError(
        'The API key is not valid',
        'Use an API key of one of your environments.',
      );
    return key;
  }
}
