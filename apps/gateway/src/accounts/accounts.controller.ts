import { Body, Controller, Get, HttpCode, Patch, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AccountDetailsDto,
  AccountPatchDto,
  AccountResponseDto,
  AccountsResponseDto,
  CreateAccountDto,
  MemberActor,
  Principal,
  RenameAccountDto,
  RenameAccountResponseDto,
  Requests,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import {
  CurrentActor,
  CurrentMember,
  CurrentPrincipal,
  MemberOnly,
  RequiresApiKey,
} from '../auth/auth.decorators';

@ApiTags('Accounts')
@RequiresApiKey('account')
@Controller()
export class AccountsController {
  constructor(private readonly messaging: MessagingClient) {}

  @Get('account')
  @ApiOperation({ operationId: 'AccountsGetAccount', summary: 'The current account with its plan' })
  @ApiOkResponse({ type: AccountDetailsDto })
  get(@CurrentPrincipal() principal: Principal): Promise<AccountDetailsDto> {
    return this.messaging.request(Requests.getAccount, { accountId: principal.accountId });
  }

  @Get('accounts')
  @ApiOperation({
    operationId: 'AccountsListAccounts',
    summary: 'The accounts the caller can access',
  })
  @ApiOkResponse({ type: AccountsResponseDto })
  async list(@CurrentPrincipal() principal: Principal): Promise<AccountsResponseDto> {
    if (principal.member) {
      return {
        accounts: await this.messaging.request(Requests.listAccounts, {
          profileId: principal.member.profileId,
        }),
      };
    }
    const account = await this.messaging.request(Requests.getAccount, {
      accountId: principal.accountId,
    });
    const { accountId, name, accountType, createdAt, status, costCap } = account;
    return { accounts: [{ accountId, name, accountType, createdAt, status, costCap }] };
  }

  @Patch('account')
  @MemberOnly()
  @ApiOperation({
    operationId: 'AccountsUpdateAccount',
    summary: 'Billing preferences (owners only)',
  })
  @ApiOkResponse({ type: AccountDetailsDto })
  update(
    @Body() changes: AccountPatchDto,
    @CurrentActor() actor: MemberActor,
  ): Promise<AccountDetailsDto> {
    return this.messaging.request(Requests.updateAccount, { actor, changes });
  }

  @Post('account')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'AccountsRenameAccount',
    summary: 'Rename the account (an API key, or a member who is an owner or admin)',
  })
  @ApiOkResponse({ type: RenameAccountResponseDto })
  rename(
    @Body() changes: RenameAccountDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<RenameAccountResponseDto> {
    return this.messaging.request(Requests.renameAccount, {
      accountId: principal.accountId,
      memberRole: principal.member?.role,
      changes,
    });
  }

  @Post('accounts')
  @HttpCode(200)
  @MemberOnly()
  @ApiOperation({
    operationId: 'AccountsCreateAccount',
    summary: 'Create an additional account you own',
    description:
      'The plan copies the saved payment method of sourceBillingAccountId, which you must own. ' +
      'memberEmails of members of your accounts are added; everyone else is invited.',
  })
  @ApiOkResponse({ type: AccountResponseDto })
  create(
    @Body() account: CreateAccountDto,
    @CurrentMember() member: { profileId: string },
  ): Promise<AccountResponseDto> {
    return this.messaging.request(Requests.createAccount, { profileId: member.profileId, account });
  }
}
