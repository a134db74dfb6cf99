import { Injectable } from '@nestjs/common';
import {
  AccountDetailsDto,
  AccountPatchDto,
  AccountResponseDto,
  AccountStatus,
  CreateAccountDto,
  ForbiddenError,
  MemberActor,
  newTimeOrderedId,
  NotFoundError,
  RenameAccountRequest,
  RenameAccountResponseDto,
} from '@clarion/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { hashPassword } from '../auth/password-hash';
import { ADMIN, assertMayManageAccount, assertOwner, OWNER } from '../members/member-roles';
import { MembershipEntity } from '../members/membership.entity';
import { insertInvite } from '../members/insert-invite';
import { InviteLifetime } from '../members/invite-lifetime';
import { ProfileEntity } from '../members/profile.entity';
import { AccountEntity } from './account.entity';
import { toAccountDetails } from './account.mapper';
import { DeploymentRegion } from '../regions/deployment-region';
import { insertAccount } from './new-account';

export interface CreateAccountCommand {
  name: string;
  ownerEmail: string;
  /** Sets (or replaces) the owner's password, so the owner can sign in. */
  ownerPassword?: string;
}

@Injectable()
export class AccountsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly inviteLifetime: InviteLifetime,
    private readonly region: DeploymentRegion,
  ) {}

  /** The operator's way in (admin CLI): an account, its owner profile, environment and key. */
  createAccountWithOwner(command: CreateAccountCommand): Promise<AccountResponseDto> {
    return this.dataSource.transaction(async (manager) => {
      const owner = await this.findOrCreateProfile(manager, command.ownerEmail);
      if (command.ownerPassword !== undefined) {
        const passwordHash = await hashPassword(command.ownerPassword);
        await manager.update(ProfileEntity, { id: owner.id }, { passwordHash });
      }
      return insertAccount(manager, {
        name: command.name,
        ownerProfileId: owner.id,
        region: this.region.id,
      });
    });
  }

  /**
   * POST /accounts: an additional account owned by the calling member. Its plan's payment source
   * must be an account the caller owns. Members of any of the caller's accounts are added; anyone
   * else is invited.
   */
  createForMember(profileId: string, request: CreateAccountDto): Promise<AccountResponseDto> {
    return this.dataSource.transaction(async (manager) => {
      if (request.plan)
        await this.assertOwns(manager, profileId, request.plan.sourceBillingAccountId);
      const created = await insertAccount(manager, {
        name: request.name,
        ownerProfileId: profileId,
        region: this.region.id,
        tier: request.plan?.tier,
        sourceBillingAccountId: request.plan?.sourceBillingAccountId,
      });
      for (const email of new Set(
        (request.memberEmails ?? []).map((e) => e.trim().toLowerCase()),
      )) {
        const colleague = await this.colleagueOf(manager, profileId, email);
        if (colleague === profileId) continue;
        if (colleague) {
          await manager.save(MembershipEntity, {
            accountId: created.accountId,
            profileId: colleague,
            role: ADMIN,
          });
        } else {
          await insertInvite(manager, this.inviteLifetime, {
            accountId: created.accountId,
            email,
            role: ADMIN,
            invitedBy: profileId,
          });
        }
      }
      return created;
    });
  }

  /** PATCH /account: billing preferences, for owners only. */
  async update(actor: MemberActor, changes: AccountPatchDto): Promise<AccountDetailsDto> {
    assertOwner(actor);
    const accounts = this.dataSource.getRepository(AccountEntity);
    const account = await accounts.findOneBy({ id: actor.accountId });
    if (!account) throw new NotFoundError('The account');
    if (changes.autoUpgrade !== undefined) account.autoUpgrade = changes.autoUpgrade;
    return toAccountDetails(await accounts.save(account));
  }

  /** POST /account: the account's new name; a member renaming must be an owner or admin. */
  async rename(request: RenameAccountRequest): Promise<RenameAccountResponseDto> {
    if (request.memberRole !== undefined) assertMayManageAccount({ role: request.memberRole });
    const accounts = this.dataSource.getRepository(AccountEntity);
    const account = await accounts.findOneBy({ id: request.accountId });
    if (!account) throw new NotFoundError('The account');
    account.name = request.changes.name.trim();
    const saved = await accounts.save(account);
    return { accountId: saved.id, name: saved.name };
  }

  /**
   * Sets an account's status (operator action); a blocked account can no longer send. The admin
   * command line tells the gateways (it has no messaging module of its own).
   */
  async setStatus(accountId: string, status: AccountStatus): Promise<AccountDetailsDto> {
    const accounts = this.dataSource.getRepository(AccountEntity);
    const account = await accounts.findOneBy({ id: accountId });
    if (!account) throw new NotFoundError('The account');
    account.status = status;
    return toAccountDetails(await accounts.save(account));
  }

  private async assertOwns(
    manager: EntityManager,
    profileId: string,
    accountId: string,
  ): Promise<void> {
    const membership = await manager.findOneBy(MembershipEntity, { profileId, accountId });
    if (membership?.role !== OWNER) {
      throw new ForbiddenError(
        'You must be an owner of the source billing account',
        'Name an account you own.',
      );
    }
  }

  /** The profile with this email when it shares an account with the caller. */
  private async colleagueOf(
    manager: EntityManager,
    profileId: string,
    email: string,
  ): Promise<string | undefined> {
    const rows: { id: string }[] = await manager.query(
      `SELECT p.id FROM billing.profiles p
        WHERE p.email = $2 AND EXISTS (
          SELECT 1 FROM billing.memberships mine JOIN billing.memberships theirs ON theirs.account_id = mine.account_id
           WHERE mine.profile_id = $1 AND theirs.profile_id = p.id)`,
      [profileId, email],
    );
    return rows[0]?.id;
  }

  private async findOrCreateProfile(manager: EntityManager, email: string): Promise<ProfileEntity> {
    const normalized = email.trim().toLowerCase();
    const existing = await manager.findOneBy(ProfileEntity, { email: normalized });
    return (
      existing ??
      manager.save(ProfileEntity, {
        id: newTimeOrderedId(),
        email: normalized,
        emailVouched: true,
        passwordHash: null,
      })
    );
  }
}
