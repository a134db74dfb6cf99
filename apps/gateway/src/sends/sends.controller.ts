import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Principal, SendDto, SendResponseDto } from '@clarion/contracts';
import { FastifyRequest } from 'fastify';
import { CurrentPrincipal, RequiresApiKey } from '../auth/auth.decorators';
import { SendsService } from './sends.service';

@ApiTags('Send')
@RequiresApiKey()
@Controller()
export class SendsController {
  constructor(private readonly sends: SendsService) {}

  @Post('send')
  @HttpCode(200)
  @ApiOperation({ operationId: 'Send', summary: 'Send a notification of a type to one user' })
  @ApiOkResponse({ type: SendResponseDto })
  send(
    @Body() body: SendDto,
    @CurrentPrincipal() principal: Principal,
    @Req() request: FastifyRequest,
  ): Promise<SendResponseDto> {
    return this.sends.accept(body, principal, request);
  }
}
