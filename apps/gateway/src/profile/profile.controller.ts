import { Body, Controller, Delete, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AcceptInviteDto,
  AcceptInviteResponseDto,
  ChangeEmailDto,
  DeleteProfileDto,
  Requests,
  SuccessResponseDto,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { CurrentMember, RequiresMember } from '../auth/auth.decorators';

type Member = { profileId: string };

@ApiTags('Profile')
@RequiresMember()
@Controller('profile')
export class ProfileController {
  constructor(private readonly messaging: MessagingClient) {}

  @Post('accept_invite')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'ProfileAcceptInvite',
    summary: 'Join the account of an invitation',
  })
  @ApiOkResponse({ type: AcceptInviteResponseDto })
  acceptInvite(
    @Body() body: AcceptInviteDto,
    @CurrentMember() member: Member,
  ): Promise<AcceptInviteResponseDto> {
    return this.messaging.request(Requests.acceptInvite, {
      profileId: member.profileId,
      token: body.token,
    });
  }

  @Post('change-email')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'ProfileChangeEmail',
    summary: "Change the signed-in member's email",
  })
  @ApiOkResponse({ type: SuccessResponseDto })
  changeEmail(
    @Body() body: ChangeEmailDto,
    @CurrentMember() member: Member,
  ): Promise<SuccessResponseDto> {
    return this.messaging.request(Requests.changeEmail, {
      profileId: member.profileId,
      newEmail: body.newEmail,
    });
  }

  @Delete()
  @ApiOperation({
    operationId: 'ProfileDeleteAccount',
    summary: "Delete the signed-in member's profile for good",
  })
  @ApiOkResponse({ type: SuccessResponseDto })
  delete(
    @Body() _body: DeleteProfileDto,
    @CurrentMember() member: Member,
  ): Promise<SuccessResponseDto> {
    return this.messaging.request(Requests.deleteProfile, { profileId: member.profileId });
  }
}
