import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  DEFAULT_USERS_PAGE,
  DeleteUserResponseDto,
  Principal,
  Requests,
  SlackChannelDto,
  SlackOauthDto,
  SuccessResponseDto,
  UserFieldsDto,
  UserResponseDto,
  UsersListQueryDto,
  UsersListResponseDto,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { OutboundGuard } from '@clarion/outbound';
import { CurrentPrincipal, RequiresApiKey } from '../auth/auth.decorators';
import { tenantOf } from '../auth/tenant-of';
import { assertWebPushEndpointsAllowed } from './web-push-endpoints';
import { userWithHints } from './user-with-hints';

@ApiTags('Users')
@RequiresApiKey()
@Controller('users')
export class UsersController {
  constructor(
    private readonly messaging: MessagingClient,
    private readonly guard: OutboundGuard,
  ) {}

  @Get()
  @ApiOperation({
    operationId: 'UsersListUsers',
    summary: 'Users of the environment, a page at a time',
  })
  @ApiOkResponse({ type: UsersListResponseDto })
  async list(
    @Query() query: UsersListQueryDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<UsersListResponseDto> {
    const page = await this.messaging.request(Requests.listUsers, {
      ...tenantOf(principal),
      limit: query.limit ?? DEFAULT_USERS_PAGE,
      after: query.nextToken,
    });
    return { ...page, users: page.users.map(userWithHints) };
  }

  @Get(':userId/slack-channels')
  @ApiOperation({
    operationId: 'UserListSlackChannels',
    summary: "Slack channels the user's stored Slack token can post to",
  })
  @ApiOkResponse({ type: SlackChannelDto, isArray: true })
  slackChannels(
    @Param('userId') userId: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<SlackChannelDto[]> {
    return this.messaging.request(Requests.slackChannels, { ...tenantOf(principal), userId });
  }

  @Post(':userId/slack-oauth')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'UserGenerateSlackOauthPath',
    summary: 'Connect the user\'s Slack workspace: trade an "Add to Slack" code for its token',
    description:
      "Slack's oauth.v2.access with the deployment's Slack app (SLACK_CLIENT_ID, SLACK_CLIENT_SECRET; 501 without them); the token becomes the user's slackToken.",
  })
  @ApiOkResponse({ type: SuccessResponseDto })
  connectSlack(
    @Param('userId') userId: string,
    @Body() oauth: SlackOauthDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<SuccessResponseDto> {
    return this.messaging.request(Requests.connectSlack, {
      ...tenantOf(principal),
      userId,
      code: oauth.code,
      redirectUri: oauth.redirect_uri,
    });
  }

  @Delete(':userId')
  @ApiOperation({ operationId: 'UsersDeleteUser', summary: 'Delete a user with their inbox' })
  @ApiOkResponse({ type: DeleteUserResponseDto })
  delete(
    @Param('userId') userId: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<DeleteUserResponseDto> {
    return this.messaging.request(Requests.deleteUser, { ...tenantOf(principal), userId });
  }

  @Post(':userId')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'UserIdentify',
    summary: 'Create or update a user; updates lastSeenTime',
    description: 'Fields left out keep their values; an id in the body must match the path.',
  })
  @ApiOkResponse({ type: UserResponseDto })
  async identify(
    @Param('userId') userId: string,
    @Body() fields: UserFieldsDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<UserResponseDto> {
    assertWebPushEndpointsAllowed(fields, this.guard);
    return userWithHints(
      await this.messaging.request(Requests.identifyUser, {
        ...tenantOf(principal),
        userId,
        fields,
      }),
    );
  }

  @Get(':userId')
  @ApiOperation({ operationId: 'UserGetUser', summary: 'Get a user by id' })
  @ApiOkResponse({ type: UserResponseDto })
  async get(
    @Param('userId') userId: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<UserResponseDto> {
    return userWithHints(
      await this.messaging.request(Requests.getUser, { ...tenantOf(principal), userId }),
    );
  }
}
