import { Injectable } from '@nestjs/common';
import {
  AccountScope,
  ClientEnvironment,
  EnvironmentResponseDto,
  Requests,
  ResolveClientRequest,
  UnauthorizedError,
} from '@clarion/contracts';
import { HandleRequest } from '@clarion/messaging';
import { toClientEnvironment, toEnvironmentResponse } from './environment.mapper';
import { EnvironmentsRepository } from './environments.repository';

@Injectable()
export class EnvironmentsHandlers {
  constructor(private readonly environments: EnvironmentsRepository) {}

  @HandleRequest(Requests.resolveClient, ResolveClientRequest)
  async resolveClient(request: ResolveClientRequest): Promise<ClientEnvironment> {
    const environment = await this.environments.findByClientId(request.clientId);
    if (!environment)
      throw new UnauthorizedError(
        'The clientId is not known',
        'Use the clientId of one of your environments.',
      );
    return toClientEnvironment(environment);
  }

  @HandleRequest(Requests.listEnvironments, AccountScope)
  async listEnvironments(request: AccountScope): Promise<EnvironmentResponseDto[]> {
    return (await this.environments.listByAccount(request.accountId)).map(toEnvironmentResponse);
  }
}
