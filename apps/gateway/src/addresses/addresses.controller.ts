import { Body, Controller, Delete, Get, Param, Patch, Post } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import {
  CreateInboxAddressDto,
  InboxAddressEnvelopeDto,
  InboxAddressesResponseDto,
  Principal,
  Requests,
  SuccessResponseDto,
  UpdateInboxAddressDto,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { CurrentPrincipal, RequiresApiKey } from '../auth/auth.decorators';
import { tenantOf } from '../auth/tenant-of';

/**
 * Inbox addresses of the environment: mail to one is received for it. delivery-workers owns
 * them and checks prefixes and domains (a custom address needs a verified sender domain).
 */
@ApiTags('Addresses')
@RequiresApiKey()
@Controller('addresses')
export class AddressesController {
  constructor(private readonly messaging: MessagingClient) {}

  @Post()
  @ApiOperation({
    operationId: 'AddressesCreateAddress',
    summary: 'Create an inbox: omit domain for the built-in one, or name a verified sender domain',
  })
  @ApiCreatedResponse({ type: InboxAddressEnvelopeDto })
  create(
    @Body() body: CreateInboxAddressDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<InboxAddressEnvelopeDto> {
    return this.messaging.request(Requests.createInboxAddress, { ...tenantOf(principal), ...body });
  }

  @Get()
  @ApiOperation({
    operationId: 'AddressesListAddresses',
    summary: 'The inboxes of the environment',
  })
  @ApiOkResponse({ type: InboxAddressesResponseDto })
  list(@CurrentPrincipal() principal: Principal): Promise<InboxAddressesResponseDto> {
    return this.messaging.request(Requests.listInboxAddresses, tenantOf(principal));
  }

  @Patch()
  @ApiOperation({
    operationId: 'AddressesUpdateAddress',
    summary: 'Change the prefix or display name of the inbox fullAddress names',
  })
  @ApiOkResponse({ type: InboxAddressEnvelopeDto })
  update(
    @Body() body: UpdateInboxAddressDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<InboxAddressEnvelopeDto> {
    return this.messaging.request(Requests.updateInboxAddress, { ...tenantOf(principal), ...body });
  }

  @Delete(':fullAddress')
  @ApiParam({ name: 'fullAddress', description: 'The inbox address, e.g. support@example.com' })
  @ApiOperation({
    operationId: 'AddressesDeleteAddress',
    summary: 'Delete a custom inbox (the built-in one can only be renamed)',
  })
  @ApiOkResponse({ type: SuccessResponseDto })
  delete(
    @Param('fullAddress') fullAddress: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<SuccessResponseDto> {
    return this.messaging.request(Requests.deleteInboxAddress, {
      ...tenantOf(principal),
      fullAddress,
    });
  }
}
