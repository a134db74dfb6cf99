import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Principal, SendDto, SendResponseDto } from '@clarion/contracts';
import { FastifyRequest } from 'fastify';
import { CurrentPrincipal, RequiresApiKey } from '../auth/auth.decorators';
import { IdempotencyKey } from '../idempotency/idempotency-key.decorator';
import { IdempotencyService } from '../idempotency/idempotency.service';
import { SendsService } from './sends.service';

@ApiTags('Send')
@RequiresApiKey()
@Controller()
export class SendsController {
  constructor(
    private readonly sends: SendsService,
    private readonly idempotency: IdempotencyService,
  ) {}

  @Post('send')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'Send',
    summary: 'Send a notification of a type to one user',
    description:
      'Delivers over the channels of the type (or forceChannels), with its templates or the ' +
      'inline content. Look the send up in the logs with the trackingId of the answer.',
  })
  @ApiOkResponse({ type: SendResponseDto })
  send(
    @Body() body: SendDto,
    @CurrentPrincipal() principal: Principal,
    @Req() request: FastifyRequest,
    @IdempotencyKey() idempotencyKey?: string,
  ): Promise<SendResponseDto> {
    return this.idempotency.run(
      principal.accountId,
      idempotencyKey,
      body,
      request.id,
      (trackingId) => this.sends.accept(body, principal, request, trackingId),
    );
  }
}
