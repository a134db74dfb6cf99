import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Principal, SendResponseDto, TestEmailRequestDto } from '@clarion/contracts';
import { FastifyRequest } from 'fastify';
import { CurrentPrincipal, RequiresApiKey } from '../auth/auth.decorators';
import { TestEmailsService } from './test-emails.service';

@ApiTags('Send')
@RequiresApiKey()
@Controller('sender/test')
export class TestEmailsController {
  constructor(private readonly testEmails: TestEmailsService) {}

  @Post('email')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'SenderTestEmail',
    summary: "Send a test email of a template to the caller's own address",
    description:
      'Rendered and delivered like POST /email (look it up in the logs with the trackingId), to the signed-in member or, with an API key, to the account owner.',
  })
  @ApiOkResponse({ type: SendResponseDto })
  send(
    @Body() body: TestEmailRequestDto,
    @CurrentPrincipal() principal: Principal,
    @Req() request: FastifyRequest,
  ): Promise<SendResponseDto> {
    return this.testEmails.send(body, principal, request);
  }
}
