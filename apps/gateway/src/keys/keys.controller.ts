import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Post,
} from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ApiKeysResponseDto,
  CreateKeyDto,
  CreateKeyResponseDto,
  NotFoundError,
  Principal,
  Requests,
  RevokeKeyResponseDto,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { CurrentPrincipal, RequiresApiKey } from '../auth/auth.decorators';

/** A keyId that is not even a UUID names no key. */
const keyIdPipe = new ParseUUIDPipe({ exceptionFactory: () => new NotFoundError('The API key') });

@ApiTags('API keys')
@RequiresApiKey('account')
@Controller('keys')
export class KeysController {
  constructor(private readonly messaging: MessagingClient) {}

  @Get()
  @ApiOperation({ operationId: 'KeysListKeys', summary: 'The API keys of the account, masked' })
  @ApiOkResponse({ type: ApiKeysResponseDto })
  async list(@CurrentPrincipal() principal: Principal): Promise<ApiKeysResponseDto> {
    return {
      keys: await this.messaging.request(Requests.listKeys, { accountId: principal.accountId }),
    };
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'KeysCreateKey',
    summary: 'Create an API key; the key is shown only in this answer',
  })
  @ApiOkResponse({ type: CreateKeyResponseDto })
  create(
    @Body() key: CreateKeyDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<CreateKeyResponseDto> {
    return this.messaging.request(Requests.createKey, {
      accountId: principal.accountId,
      callerEnvId: principal.envId,
      key,
    });
  }

  @Delete(':keyId')
  @ApiOperation({
    operationId: 'KeysRevokeKey',
    summary: 'Revoke an API key; it stops working at once',
  })
  @ApiOkResponse({ type: RevokeKeyResponseDto })
  revoke(
    @Param('keyId', keyIdPipe) keyId: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<RevokeKeyResponseDto> {
    return this.messaging.request(Requests.revokeKey, { accountId: principal.accountId, keyId });
  }
}
