import { Injectable } from '@nestjs/common';
import {
  AccountScope,
  ClientEnvironment,
  CreateEnvironmentRequest,
  EnvironmentIdentity,
  EnvironmentOfAccountRequest,
  EnvironmentRef,
  EnvironmentResponseDto,
  EnvironmentSettings,
  ForbiddenError,
  Requests,
  ResolveClientRequest,
  UnauthorizedError,
  UpdateEnvironmentRequest,
} from '@clarion/contracts';
import { InjectRepository } from '@nestjs/typeorm';
import { HandleRequest } from '@clarion/messaging';
import { Repository } from 'typeorm';
import { AccountEntity } from '../accounts/account.entity';
import { toClientEnvironment, toEnvironmentResponse } from './environment.mapper';
import { EnvironmentsRepository } from './environments.repository';
import { EnvironmentsService } from './environments.service';

@Injectable()
export class EnvironmentsHandlers {
  constructor(
    private readonly environments: EnvironmentsRepository,
    private readonly service: EnvironmentsService,
    @InjectRepository(AccountEntity) private readonly accounts: Repository<AccountEntity>,
  ) {}

  @HandleRequest(Requests.resolveClient, ResolveClientRequest)
  async resolveClient(request: ResolveClientRequest): Promise<ClientEnvironment> {
    const environment = await this.environments.findByClientId(request.clientId);
    if (!environment) {
      throw new UnauthorizedError(
        'The clientId is not known',
        'Use the clientId of one of your environments.',
      );
    }
    const account = await this.accounts.findOneByOrFail({ id: environment.accountId });
    return toClientEnvironment(environment, account);
  }

  /** Unknown and another account's environments get the same answer: neither is told apart. */
  @HandleRequest(Requests.environmentOfAccount, EnvironmentOfAccountRequest)
  async environmentOfAccount(request: EnvironmentOfAccountRequest): Promise<EnvironmentIdentity> {
    const environment = await this.environments.findOfAccountByName(
      request.accountId,
      request.envId,
    );
    if (!environment) {
      throw new ForbiddenError(
        'envId names no environment of this account',
        'Pass as envId the clientId of one of your environments (GET /environments).',
      );
    }
    return { envId: environment.id, clientId: environment.clientId };
  }

  @HandleRequest(Requests.listEnvironments, AccountScope)
  async listEnvironments(request: AccountScope): Promise<EnvironmentResponseDto[]> {
    return (await this.environments.listByAccount(request.accountId)).map(toEnvironmentResponse);
  }

  @HandleRequest(Requests.createEnvironment, CreateEnvironmentRequest)
  createEnvironment(request: CreateEnvironmentRequest): Promise<EnvironmentResponseDto> {
    return this.service.create(request.accountId, request.environment);
  }

  @HandleRequest(Requests.updateEnvironment, UpdateEnvironmentRequest)
  updateEnvironment(request: UpdateEnvironmentRequest): Promise<EnvironmentResponseDto> {
    return this.service.update(request.accountId, request.clientId, request.changes);
  }

  @HandleRequest(Requests.environmentSettings, EnvironmentRef)
  environmentSettings(request: EnvironmentRef): Promise<EnvironmentSettings> {
    return this.service.settings(request.envId);
  }
}
