import { Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  CreateOrganizationResponseDto,
  OrganizationResponseDto,
  OrganizationUsageDto,
  OrganizationUsageHistoryDto,
  Principal,
  Requests,
  UsageHistoryQueryDto,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import {
  CurrentMember,
  CurrentPrincipal,
  MemberOnly,
  RequiresApiKey,
} from '../auth/auth.decorators';

/**
 * The hosted service's organization operations. Clarion bills every account on its own, so the
 * organization of an account is the account itself.
 */
@ApiTags('Accounts')
@RequiresApiKey('account')
@Controller()
export class OrganizationController {
  constructor(private readonly messaging: MessagingClient) {}

  @Get('account/organization')
  @ApiOperation({
    operationId: 'AccountGetOrganization',
    summary: "The account's plan as the hosted service's organization",
  })
  @ApiOkResponse({ type: OrganizationResponseDto })
  get(@CurrentPrincipal() principal: Principal): Promise<OrganizationResponseDto> {
    return this.messaging.request(Requests.getOrganization, { accountId: principal.accountId });
  }

  @Post('organizations')
  @HttpCode(200)
  @MemberOnly()
  @ApiOperation({
    operationId: 'OrganizationCreate',
    summary: 'Create an organization of your own: a new free account you own',
  })
  @ApiOkResponse({ type: CreateOrganizationResponseDto })
  create(@CurrentMember() member: { profileId: string }): Promise<CreateOrganizationResponseDto> {
    return this.messaging.request(Requests.createOrganization, { profileId: member.profileId });
  }

  @Get('organization/usage')
  @ApiOperation({
    operationId: 'OrganizationGetUsage',
    summary: 'Usage of the current billing cycle: messages by channel and spend',
  })
  @ApiOkResponse({ type: OrganizationUsageDto })
  usage(@CurrentPrincipal() principal: Principal): Promise<OrganizationUsageDto> {
    return this.messaging.request(Requests.currentUsage, { accountId: principal.accountId });
  }

  @Get('organization/usage/history')
  @ApiOperation({
    operationId: 'OrganizationGetUsageHistory',
    summary: 'Usage of each billing cycle of a date range, oldest first',
  })
  @ApiOkResponse({ type: OrganizationUsageHistoryDto })
  history(
    @Query() range: UsageHistoryQueryDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<OrganizationUsageHistoryDto> {
    return this.messaging.request(Requests.usageHistory, {
      accountId: principal.accountId,
      ...range,
    });
  }
}
