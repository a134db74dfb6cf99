import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  ParseEnumPipe,
  Post,
} from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import {
  MFA_TYPES,
  MfaSetupDto,
  MfaSetupResponseDto,
  MfaStatusResponseDto,
  MfaType,
  MfaVerifyDto,
  Requests,
  SuccessResponseDto,
  ValidationFailedError,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { CurrentMember, RequiresMember } from '../auth/auth.decorators';

const mfaTypePipe = new ParseEnumPipe(Object.fromEntries(MFA_TYPES.map((t) => [t, t])), {
  exceptionFactory: () => new ValidationFailedError(`type must be one of ${MFA_TYPES.join(', ')}`),
});

@ApiTags('Profile')
@RequiresMember()
@Controller('profile/mfa')
export class MfaController {
  constructor(private readonly messaging: MessagingClient) {}

  @Get()
  @ApiOperation({
    operationId: 'ProfileGetMfaStatus',
    summary: 'Whether MFA is on for the signed-in member',
  })
  @ApiOkResponse({ type: MfaStatusResponseDto })
  status(@CurrentMember() member: { profileId: string }): Promise<MfaStatusResponseDto> {
    return this.messaging.request(Requests.mfaStatus, { profileId: member.profileId });
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'ProfileSetupMfa',
    summary: 'Start TOTP setup: the secret and its otpauth:// URI',
  })
  @ApiOkResponse({ type: MfaSetupResponseDto })
  setup(
    @Body() _request: MfaSetupDto,
    @CurrentMember() member: { profileId: string },
  ): Promise<MfaSetupResponseDto> {
    return this.messaging.request(Requests.mfaSetup, { profileId: member.profileId });
  }

  @Post('verify')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'ProfileVerifyMfa',
    summary: 'Turn MFA on with a valid current code',
  })
  @ApiOkResponse({ type: SuccessResponseDto })
  verify(
    @Body() request: MfaVerifyDto,
    @CurrentMember() member: { profileId: string },
  ): Promise<SuccessResponseDto> {
    return this.messaging.request(Requests.mfaVerify, { ...request, profileId: member.profileId });
  }

  @Delete(':type')
  @ApiOperation({ operationId: 'ProfileDisableMfa', summary: 'Turn MFA off' })
  @ApiParam({ name: 'type', enum: MFA_TYPES, description: 'The MFA method to turn off.' })
  @ApiOkResponse({ type: SuccessResponseDto })
  disable(
    @Param('type', mfaTypePipe) type: MfaType,
    @CurrentMember() member: { profileId: string },
  ): Promise<SuccessResponseDto> {
    return this.messaging.request(Requests.mfaDisable, { profileId: member.profileId, type });
  }
}
