import { AccountResponseDto, BudgetTier, newTimeOrderedId } from '@clarion/contracts';
import { EntityManager } from 'typeorm';
import { ApiKeyEntity } from '../api-keys/api-key.entity';
import { hashApiKey, newApiKey } from '../api-keys/api-key-secret';
import { EnvironmentEntity } from '../environments/environment.entity';
import { newEnvironmentCredentials } from '../environments/environment-credentials';
import { OWNER } from '../members/member-roles';
import { MembershipEntity } from '../members/membership.entity';
import { AccountEntity } from './account.entity';

export interface NewAccount {
  name: string;
  /** The region of this deployment, which the account and its credentials belong to. */
  region: string;
  ownerProfileId: string;
  tier?: BudgetTier;
  sourceBillingAccountId?: string;
}

const DEFAULT_ENVIRONMENT_TITLE = 'Default';

/**
 * Inside the caller's transaction: an account with its owner, a default environment and a
 * secret API key. The key is returned once and stored only as a hash. An account created with a
 * plan is a paid account on that tier; without one it is free on budget_20.
 */
export async function insertAccount(
  manager: EntityManager,
  request: NewAccount,
): Promise<AccountResponseDto> {
  const paid = request.tier !== undefined;
  const account = await manager.save(AccountEntity, {
    id: newTimeOrderedId(),
    name: request.name,
    status: 'verified',
    subscriptionStatus: paid ? 'active' : null,
    accountType: paid ? 'paid' : 'free',
    planTier: request.tier ?? 'budget_20',
    sourceBillingAccountId: request.sourceBillingAccountId ?? null,
    creatorProfileId: request.ownerProfileId,
    autoJoinDomains: [],
    region: request.region,
  });
  await manager.save(MembershipEntity, {
    accountId: account.id,
    profileId: request.ownerProfileId,
    role: OWNER,
  });
  const environment = await manager.save(EnvironmentEntity, {
    id: newTimeOrderedId(),
    accountId: account.id,
    title: DEFAULT_ENVIRONMENT_TITLE,
    disableSending: [],
    secureMode: false,
    ...newEnvironmentCredentials(request.region),
  });
  const apiKey = newApiKey(request.region, 'secret');
  await manager.save(ApiKeyEntity, {
    id: newTimeOrderedId(),
    accountId: account.id,
    envId: environment.id,
    name: 'Default secret key',
    keyType: 'secret',
    keyHash: hashApiKey(apiKey),
    keyHint: apiKey.slice(-4),
    revokedAt: null,
  });
  return {
    accountId: account.id,
    name: account.name,
    status: account.status,
    subscriptionStatus: account.subscriptionStatus,
    apiKey,
    region: account.region,
  };
}
