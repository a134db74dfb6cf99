import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AutoJoinDto, AutoJoinResponseDto, MemberActor, Requests } from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { CurrentActor, RequiresMember } from '../auth/auth.decorators';

@ApiTags('Members')
@RequiresMember()
@Controller('members/autojoin')
export class AutoJoinController {
  constructor(private readonly messaging: MessagingClient) {}

  @Get()
  @ApiOperation({
    operationId: 'MembersGetAutoJoin',
    summary: 'Email domains whose people join the account by signing in to it',
  })
  @ApiOkResponse({ type: AutoJoinResponseDto })
  get(@CurrentActor() actor: MemberActor): Promise<AutoJoinResponseDto> {
    return this.messaging.request(Requests.getAutoJoin, { accountId: actor.accountId });
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'MembersSetAutoJoin',
    summary: 'Replace the auto-join domains (owners and admins)',
    description:
      'Someone whose email is on one of these domains becomes a member (role member) when they ' +
      'sign in with POST /auth/login naming this accountId; no invitation is needed.',
  })
  @ApiOkResponse({ type: AutoJoinResponseDto })
  set(@Body() body: AutoJoinDto, @CurrentActor() actor: MemberActor): Promise<AutoJoinResponseDto> {
    return this.messaging.request(Requests.setAutoJoin, { actor, autoJoin: body });
  }
}
