import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  AccountScope,
  CreateOrganizationResponseDto,
  NotFoundError,
  OrganizationResponseDto,
  ProfileScope,
  Requests,
} from '@clarion/contracts';
import { HandleRequest } from '@clarion/messaging';
import { Repository } from 'typeorm';
import { AccountEntity } from '../accounts/account.entity';
import { organizationIdOf } from '../accounts/account.mapper';
import { AccountsService } from '../accounts/accounts.service';
import { OWNER } from '../members/member-roles';
import { MembershipEntity } from '../members/membership.entity';
import { ProfileEntity } from '../members/profile.entity';
import { toOrganization } from './organization.mapper';

/** The hosted service's organization operations; in Clarion an organization is an account. */
@Injectable()
export class OrganizationsHandlers {
  constructor(
    @InjectRepository(AccountEntity) private readonly accounts: Repository<AccountEntity>,
    @InjectRepository(MembershipEntity) private readonly memberships: Repository<MembershipEntity>,
    @InjectRepository(ProfileEntity) private readonly profiles: Repository<ProfileEntity>,
    private readonly accountsService: AccountsService,
  ) {}

  @HandleRequest(Requests.getOrganization, AccountScope)
  async get(request: AccountScope): Promise<OrganizationResponseDto> {
    const account = await this.accounts.findOneBy({ id: request.accountId });
    if (!account) throw new NotFoundError('The account');
    return toOrganization(account, account.creatorProfileId ?? (await this.firstOwnerOf(account)));
  }

  /** A new free account of the caller's own: a new organization, as the hosted service's sign-up. */
  @HandleRequest(Requests.createOrganization, ProfileScope)
  async create(request: ProfileScope): Promise<CreateOrganizationResponseDto> {
    const profile = await this.profiles.findOneBy({ id: request.profileId });
    if (!profile) throw new NotFoundError('The profile');
    const created = await this.accountsService.createForMember(profile.id, {
      name: `${profile.email}'s organization`,
    });
    return {
      success: true,
      accountId: created.accountId,
      organizationId: organizationIdOf({ id: created.accountId }),
      apiKey: created.apiKey,
    };
  }

  /** Who stands for the creator once the creator's profile is gone: the longest-standing owner. */
  private async firstOwnerOf(account: AccountEntity): Promise<string> {
    const owner = await this.memberships.findOne({
      where: { accountId: account.id, role: OWNER },
      order: { createdAt: 'ASC', profileId: 'ASC' },
    });
    return owner?.profileId ?? '';
  }
}
