import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import {
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { ErrorResponseDto, LoginDto, LoginResponseDto, Requests } from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { FastifyRequest } from 'fastify';
import { AuthFailureLimiter } from '../rate-limits/auth-failure-limiter';

@ApiTags('Profile')
@Controller('auth')
export class SessionsController {
  constructor(
    private readonly messaging: MessagingClient,
    private readonly authFailures: AuthFailureLimiter,
  ) {}

  @Post('login')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'AuthLogin',
    summary: 'Sign a member in; the token is a Bearer credential for profile, members and accounts',
  })
  @ApiOkResponse({ type: LoginResponseDto })
  @ApiUnauthorizedResponse({
    description: 'UNAUTHORIZED, MFA_REQUIRED or MFA_CODE_INVALID: the credentials do not sign in.',
    type: ErrorResponseDto,
  })
  @ApiForbiddenResponse({
    description: 'FORBIDDEN: the profile is not a member of the account named by accountId.',
    type: ErrorResponseDto,
  })
  @ApiTooManyRequestsResponse({
    description:
      'RATE_LIMITED: too many failed sign-ins from this address, or the profile is locked; ' +
      'retry after Retry-After seconds.',
    type: ErrorResponseDto,
    headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } },
  })
  login(@Body() credentials: LoginDto, @Req() request: FastifyRequest): Promise<LoginResponseDto> {
    // Wrong passwords count against the address too, so spraying many emails is limited as well
    // as guessing one (which billing's lockout of the profile stops).
    return this.authFailures.screenSignIn(request.ip, () =>
      this.messaging.request(Requests.login, credentials),
    );
  }
}
