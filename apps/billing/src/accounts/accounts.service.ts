import { Injectable } from '@nestjs/common';
import {
  AccountDetailsDto,
  AccountResponseDto,
  AccountStatus,
  newTimeOrderedId,
  NotFoundError,
} from '@clarion/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { ApiKeyEntity } from '../api-keys/api-key.entity';
import { hashPassword } from '../auth/password-hash';
import { hashApiKey, newApiKey } from '../api-keys/api-key-secret';
import { EnvironmentEntity } from '../environments/environment.entity';
import { newEnvironmentCredentials } from '../environments/environment-credentials';
import { MembershipEntity } from '../members/membership.entity';
import { ProfileEntity } from '../members/profile.entity';
import { AccountEntity } from './account.entity';
import { toAccountDetails } from './account.mapper';

export interface CreateAccountCommand {
  name: string;
  ownerEmail: string;
  /** Sets (or replaces) the owner's password, so the owner can sign in. */
  ownerPassword?: string;
}

const DEFAULT_ENVIRONMENT_TITLE = 'Default';

@Injectable()
export class AccountsService {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Creates an account with its owner, a default environment and a secret API key, all in one
   * transaction. The key is returned once and stored only as a hash.
   */
  createAccountWithOwner(command: CreateAccountCommand): Promise<AccountResponseDto> {
    return this.dataSource.transaction(async (manager) => {
      const account = await manager.save(AccountEntity, {
        id: newTimeOrderedId(),
        name: command.name,
        status: 'verified',
        subscriptionStatus: null,
        accountType: 'free',
      });
      const owner = await this.findOrCreateProfile(manager, command.ownerEmail);
      if (command.ownerPassword !== undefined) {
        await manager.update(
          ProfileEntity,
          { id: owner.id },
          { passwordHash: await hashPassword(command.ownerPassword) },
        );
      }
      await manager.save(MembershipEntity, {
        accountId: account.id,
        profileId: owner.id,
        role: 'owner',
      });
      const environment = await manager.save(EnvironmentEntity, {
        id: newTimeOrderedId(),
        accountId: account.id,
        title: DEFAULT_ENVIRONMENT_TITLE,
        disableSending: [],
        secureMode: false,
        ...newEnvironmentCredentials(),
      });
      const apiKey = newApiKey('secret');
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
      };
    });
  }

  /** Sets an account's status (operator action); a blocked account can no longer send. */
  async setStatus(accountId: string, status: AccountStatus): Promise<AccountDetailsDto> {
    const account = await this.dataSource.getRepository(AccountEntity).findOneBy({ id: accountId });
    if (!account) throw new NotFoundError('The account');
    account.status = status;
    return toAccountDetails(await this.dataSource.getRepository(AccountEntity).save(account));
  }

  private async findOrCreateProfile(manager: EntityManager, email: string): Promise<ProfileEntity> {
    const normalized = email.trim().toLowerCase();
    const existing = await manager.findOneBy(ProfileEntity, { email: normalized });
    return (
      existing ??
      manager.save(ProfileEntity, { id: newTimeOrderedId(), email: normalized, passwordHash: null })
    );
  }
}
