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
  @ApiOperation({
    operationId: 'SmsSend',
    summary: 'Send an SMS or MMS to a phone number',
    description:
      'Without a template. message may be left out when mediaUrls makes it an MMS; from must be ' +
      'a number of the account.',
  })
  @ApiOkResponse({ type: SendResponseDto })
  sms(
    @Body() body: SendSmsRequestDto,
    @CurrentPrincipal() principal: Principal,
    @Req() request: FastifyRequest,
    @IdempotencyKey() idempotencyKey?: string,
  ): Promise<SendResponseDto> {
    return this.idempotency.run(
      principal.accountId,
      idempotencyKey,
      { sms: body },
      request.id,
      (trackingId) => this.sends.accept(sendOfSms(body), principal, request, trackingId),
    );
  }

  @Post('email')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'EmailSend',
    summary: 'Send an email to an address',
    description:
      'Without a template. A fromAddress on a domain that is not verified is replaced by the ' +
      'built-in sender (fit for testing); attachments by URL take up to 20 MB per file.',
  })
  @ApiOkResponse({ type: SendResponseDto })
  email(
    @Body() body: SendEmailRequestDto,
    @CurrentPrincipal() principal: Principal,
    @Req() request: FastifyRequest,
    @IdempotencyKey() idempotencyKey?: string,
  ): Promise<SendResponseDto> {
    return this.idempotency.run(
      principal.accountId,
      idempotencyKey,
      { email: body },
      request.id,
      (trackingId) => this.sends.accept(sendOfEmail(body), principal, request, trackingId),
    );
  }
}
