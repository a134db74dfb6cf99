import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import {
  AddSenderDomainDto,
  Principal,
  Requests,
  SenderDomainResponseDto,
  SuccessResponseDto,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { CurrentPrincipal, RequiresApiKey } from '../auth/auth.decorators';

const SENDER_PARAM = { name: 'sender', description: 'The sender domain, e.g. example.com' };

/**
 * Sender domains of the account: mail from a verified one is sent from it, DKIM-signed.
 * delivery-workers owns them and checks the names (a full address is a 400 naming its domain).
 */
@ApiTags('Domains')
@RequiresApiKey('account')
@Controller('domains')
export class DomainsController {
  constructor(private readonly messaging: MessagingClient) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'DomainsAddDomain',
    summary: 'Add a sender domain: answers the DNS records to publish (a DKIM key is made for it)',
  })
  @ApiOkResponse({ type: [SenderDomainResponseDto] })
  add(
    @Body() body: AddSenderDomainDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<SenderDomainResponseDto[]> {
    return this.messaging.request(Requests.addSenderDomain, {
      accountId: principal.accountId,
      sender: body.sender,
    });
  }

  @Get()
  @ApiOperation({ operationId: 'DomainsListDomains', summary: 'The sender domains of the account' })
  @ApiOkResponse({ type: [SenderDomainResponseDto] })
  list(@CurrentPrincipal() principal: Principal): Promise<SenderDomainResponseDto[]> {
    return this.messaging.request(Requests.listSenderDomains, { accountId: principal.accountId });
  }

  @Delete(':sender')
  @ApiParam(SENDER_PARAM)
  @ApiOperation({ operationId: 'DomainsDeleteDomain', summary: 'Remove a sender domain' })
  @ApiOkResponse({ type: SuccessResponseDto })
  delete(
    @Param('sender') sender: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<SuccessResponseDto> {
    return this.messaging.request(Requests.deleteSenderDomain, {
      accountId: principal.accountId,
      sender,
    });
  }

  @Post(':sender/verification')
  @HttpCode(200)
  @ApiParam(SENDER_PARAM)
  @ApiOperation({
    operationId: 'DomainsStartDomainVerification',
    summary: 'Look the domain’s DKIM, SPF and return-path records up now',
  })
  @ApiOkResponse({ type: SenderDomainResponseDto })
  verify(
    @Param('sender') sender: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<SenderDomainResponseDto> {
    return this.messaging.request(Requests.verifySenderDomain, {
      accountId: principal.accountId,
      sender,
    });
  }
}
