import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  InviteMemberDto,
  InviteResponseDto,
  MemberActor,
  MemberResponseDto,
  MemberUpdateDto,
  Requests,
  SuccessResponseDto,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { CurrentActor, RequiresMember } from '../auth/auth.decorators';

@ApiTags('Members')
@RequiresMember()
@Controller('members')
export class MembersController {
  constructor(private readonly messaging: MessagingClient) {}

  @Get()
  @ApiOperation({
    operationId: 'MembersListMembers',
    summary: 'Members of the account, oldest first (a list, as the hosted service answers)',
  })
  @ApiOkResponse({ type: [MemberResponseDto] })
  list(@CurrentActor() actor: MemberActor): Promise<MemberResponseDto[]> {
    return this.messaging.request(Requests.listMembers, { accountId: actor.accountId });
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ operationId: 'MembersInviteMember', summary: 'Invite someone to the account' })
  @ApiOkResponse({ type: InviteResponseDto })
  invite(
    @Body() invite: InviteMemberDto,
    @CurrentActor() actor: MemberActor,
  ): Promise<InviteResponseDto> {
    return this.messaging.request(Requests.inviteMember, { actor, invite });
  }

  @Patch(':userId')
  @ApiOperation({
    operationId: 'MembersUpdateMember',
    summary: "Change a member's role",
    description: 'Owners and admins manage members; only owners hand out owner or admin.',
  })
  @ApiOkResponse({ type: SuccessResponseDto })
  update(
    @Param('userId') userId: string,
    @Body() body: MemberUpdateDto,
    @CurrentActor() actor: MemberActor,
  ): Promise<SuccessResponseDto> {
    return this.messaging.request(Requests.updateMember, { actor, userId, role: body.role });
  }

  @Delete(':userId')
  @ApiOperation({ operationId: 'MembersRemoveMember', summary: 'Remove a member from the account' })
  @ApiOkResponse({ type: SuccessResponseDto })
  remove(
    @Param('userId') userId: string,
    @CurrentActor() actor: MemberActor,
  ): Promise<SuccessResponseDto> {
    return this.messaging.request(Requests.removeMember, { actor, userId });
  }
}
