import { Injectable } from '@nestjs/common';
import {
  Broadcasts,
  CreateEnvironmentDto,
  EnvironmentResponseDto,
  EnvironmentSettings,
  newTimeOrderedId,
  NotFoundError,
  UpdateEnvironmentDto,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { DeploymentRegion } from '../regions/deployment-region';
import { newClientSecret, newEnvironmentCredentials } from './environment-credentials';
import { toEnvironmentResponse } from './environment.mapper';
import { EnvironmentsRepository } from './environments.repository';

const NOT_FOUND_FIX = 'Use the clientId of one of your environments (GET /environments).';

@Injectable()
export class EnvironmentsService {
  constructor(
    private readonly environments: EnvironmentsRepository,
    private readonly messaging: MessagingClient,
    private readonly region: DeploymentRegion,
  ) {}

  async create(accountId: string, request: CreateEnvironmentDto): Promise<EnvironmentResponseDto> {
    const environment = await this.environments.insert({
      id: newTimeOrderedId(),
      accountId,
      title: request.title ?? 'New environment',
      disableSending: [],
      secureMode: false,
      logo: '',
      hasWebPushEnabled: true,
      ...newEnvironmentCredentials(this.region.id),
    });
    return toEnvironmentResponse(environment);
  }

  /** Applies the changes; a reset secret and every setting take effect everywhere at once. */
  async update(
    accountId: string,
    clientId: string,
    changes: UpdateEnvironmentDto,
  ): Promise<EnvironmentResponseDto> {
    const environment = await this.environments.findOfAccount(accountId, clientId);
    if (!environment) throw new NotFoundError('The environment', NOT_FOUND_FIX);
    if (changes.title !== undefined) environment.title = changes.title;
    if (changes.disableSending !== undefined)
      environment.disableSending = [...new Set(changes.disableSending)];
    if (changes.secureMode !== undefined) environment.secureMode = changes.secureMode;
    if (changes.logo !== undefined) environment.logo = changes.logo;
    if (changes.hasWebPushEnabled !== undefined)
      environment.hasWebPushEnabled = changes.hasWebPushEnabled;
    if (changes.resetSecret) environment.clientSecret = newClientSecret();
    const saved = await this.environments.save(environment);
    this.messaging.broadcast(Broadcasts.billingChanges, {
      kind: 'environment-changed',
      envId: saved.id,
      clientId: saved.clientId,
    });
    return toEnvironmentResponse(saved);
  }

  async settings(envId: string): Promise<EnvironmentSettings> {
    const environment = await this.environments.findById(envId);
    if (!environment) throw new NotFoundError('The environment');
    return {
      envId: environment.id,
      disableSending: environment.disableSending,
      logo: environment.logo,
      hasWebPushEnabled: environment.hasWebPushEnabled,
    };
  }
}
