import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  Principal,
  SendEmailRequestDto,
  sendOfEmail,
  sendOfSms,
  SendResponseDto,
  SendSmsRequestDto,
} from '@clarion/contracts';
import { FastifyRequest } from 'fastify';
import { CurrentPrincipal, RequiresApiKey } from '../auth/auth.decorators';
import { IdempotencyKey } from '../idempotency/idempotency-key.decorator';
import { IdempotencyService } from '../idempotency/idempotency.service';
import { SendsService } from './sends.service';

/** Sends of one channel without a template: the body becomes a send with forceChannels. */
@ApiTags('Send')
@RequiresApiKey()
@Controller()
export class DirectSendsController {
  constructor(
    private readonly sends: SendsService,
    private readonly idempotency: IdempotencyService,
  ) {}

  @Post('sms')
  @HttpCode(200)
  @ApiOperation({ operationId: 'SmsSend', summary: 'Send an SMS or MMS to a phone number' })
  @ApiOkResponse({ type: SendResponseDto })
  sms(
    @Body() body: SendSmsRequestDto,
    @CurrentPrincipal() principal: Principal,
    @Req() request: FastifyRequest,
    @IdempotencyKey() idempotencyKey?: string,
  ): Promise<SendResponseDto> {
    return this.idempotency.run(principal.accountId, idempotencyKey, { sms: body }, () =>
      this.sends.accept(sendOfSms(body), principal, request),
    );
  }

  @Post('email')
  @HttpCode(200)
  @ApiOperation({ operationId: 'EmailSend', summary: 'Send an email to an address' })
  @ApiOkResponse({ type: SendResponseDto })
  email(
    @Body() body: SendEmailRequestDto,
    @CurrentPrincipal() principal: Principal,
    @Req() request: FastifyRequest,
    @IdempotencyKey() idempotencyKey?: string,
  ): Promise<SendResponseDto> {
    return this.idempotency.run(principal.accountId, idempotencyKey, { email: body }, () =>
      this.sends.accept(sendOfEmail(body), principal, request),
    );
  }
}
