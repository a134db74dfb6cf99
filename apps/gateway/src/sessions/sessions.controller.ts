import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { LoginDto, LoginResponseDto, Requests } from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';

@ApiTags('Profile')
@Controller('auth')
export class SessionsController {
  constructor(private readonly messaging: MessagingClient) {}

  @Post('login')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'AuthLogin',
    summary: 'Sign a member in; the token is a Bearer credential for profile, members and accounts',
  })
  @ApiOkResponse({ type: LoginResponseDto })
  login(@Body() credentials: LoginDto): Promise<LoginResponseDto> {
    return this.messaging.request(Requests.login, credentials);
  }
}
