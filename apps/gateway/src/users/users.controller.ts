import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Principal, Requests, UserFieldsDto, UserResponseDto } from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { CurrentPrincipal, RequiresApiKey } from '../auth/auth.decorators';

@ApiTags('Users')
@RequiresApiKey()
@Controller('users')
export class UsersController {
  constructor(private readonly messaging: MessagingClient) {}

  @Post(':userId')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'UserIdentify',
    summary: 'Create or update a user; updates lastSeenTime',
  })
  @ApiOkResponse({ type: UserResponseDto })
  identify(
    @Param('userId') userId: string,
    @Body() fields: UserFieldsDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<UserResponseDto> {
    return this.messaging.request(Requests.identifyUser, {
      ...tenantOf(principal),
      userId,
      fields,
    });
  }

  @Get(':userId')
  @ApiOperation({ operationId: 'UserGetUser', summary: 'Get a user by id' })
  @ApiOkResponse({ type: UserResponseDto })
  get(
    @Param('userId') userId: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<UserResponseDto> {
    return this.messaging.request(Requests.getUser, { ...tenantOf(principal), userId });
  }
}

function tenantOf(principal: Principal) {
  return { accountId: principal.accountId, envId: principal.envId };
}
