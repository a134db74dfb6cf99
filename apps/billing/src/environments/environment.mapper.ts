import { AccountStatus, ClientEnvironment, EnvironmentResponseDto } from '@clarion/contracts';
import { EnvironmentEntity } from './environment.entity';

export function toEnvironmentResponse(environment: EnvironmentEntity): EnvironmentResponseDto {
  return {
    clientId: environment.clientId,
    clientSecret: environment.clientSecret,
    title: environment.title,
    disableSending: environment.disableSending,
    secureMode: environment.secureMode,
    logo: environment.logo,
    hasWebPushEnabled: environment.hasWebPushEnabled,
  };
}

export function toClientEnvironment(
  environment: EnvironmentEntity,
  account: { status: AccountStatus; usageLimited: boolean },
): ClientEnvironment {
  return {
    accountStatus: account.status,
    usageLimited: account.usageLimited,
    accountId: environment.accountId,
    envId: environment.id,
    clientId: environment.clientId,
    clientSecret: environment.clientSecret,
    secureMode: environment.secureMode,
    disableSending: environment.disableSending,
  };
}
