import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  AccountDetailsDto,
  AccountResponseDto,
  CreateAccountRequest,
  UpdateAccountRequest,
  AccountScope,
  AccountSummaryDto,
  NotFoundError,
  ProfileScope,
  RenameAccountRequest,
  RenameAccountResponseDto,
  Requests,
} from '@clarion/contracts';
import { HandleRequest } from '@clarion/messaging';
import { Repository } from 'typeorm';
import { MembershipEntity } from '../members/membership.entity';
import { AccountEntity } from './account.entity';
import { toAccountDetails, toAccountSummary } from './account.mapper';
import { AccountsService } from './accounts.service';

@Injectable()
export class AccountsHandlers {
  constructor(
    @InjectRepository(AccountEntity) private readonly accounts: Repository<AccountEntity>,
    @InjectRepository(MembershipEntity) private readonly memberships: Repository<MembershipEntity>,
    private readonly service: AccountsService,
  ) {}

  @HandleRequest(Requests.getAccount, AccountScope)
  async getAccount(request: AccountScope): Promise<AccountDetailsDto> {
    const account = await this.accounts.findOneBy({ id: request.accountId });
    if (!account) throw new NotFoundError('The account');
    return toAccountDetails(account);
  }

  @HandleRequest(Requests.listAccounts, ProfileScope)
  async listAccounts(request: ProfileScope): Promise<AccountSummaryDto[]> {
    const memberships = await this.memberships.find({
      where: { profileId: request.profileId },
      order: { createdAt: 'ASC' },
    });
    if (memberships.length === 0) return [];
    const accounts = await this.accounts.findBy(memberships.map((m) => ({ id: m.accountId })));
    return accounts.map(toAccountSummary);
  }

  @HandleRequest(Requests.updateAccount, UpdateAccountRequest)
  update(request: UpdateAccountRequest): Promise<AccountDetailsDto> {
    return this.service.update(request.actor, request.changes);
  }

  @HandleRequest(Requests.createAccount, CreateAccountRequest)
  create(request: CreateAccountRequest): Promise<AccountResponseDto> {
    return this.service.createForMember(request.profileId, request.account);
  }

  @HandleRequest(Requests.renameAccount, RenameAccountRequest)
  rename(request: RenameAccountRequest): Promise<RenameAccountResponseDto> {
    return this.service.rename(request);
  }
}
