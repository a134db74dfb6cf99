import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import {
  BindVoiceNumberDto,
  DeleteVoiceAgentResponseDto,
  ListVoiceAgentsResponseDto,
  Principal,
  Requests,
  VoiceAgentBodyDto,
  VoiceAgentResponseDto,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { CurrentPrincipal, RequiresApiKey } from '../auth/auth.decorators';
import { PhoneNumberParamPipe } from '../numbers/phone-number-param.pipe';

@ApiTags('Voice')
@RequiresApiKey('account')
@Controller('voice/agents')
export class VoiceAgentsController {
  constructor(private readonly messaging: MessagingClient) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({ operationId: 'VoiceCreateAgent', summary: 'Deploy a voice agent' })
  @ApiOkResponse({ type: VoiceAgentResponseDto })
  create(
    @Body() body: VoiceAgentBodyDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<VoiceAgentResponseDto> {
    return this.messaging.request(Requests.createVoiceAgent, {
      accountId: principal.accountId,
      spec: body.spec,
    });
  }

  @Get()
  @ApiOperation({ operationId: 'VoiceListAgents', summary: 'Deployed agents of the account' })
  @ApiOkResponse({ type: ListVoiceAgentsResponseDto })
  list(@CurrentPrincipal() principal: Principal): Promise<ListVoiceAgentsResponseDto> {
    return this.messaging.request(Requests.listVoiceAgents, { accountId: principal.accountId });
  }

  @Get(':agentId')
  @ApiOperation({ operationId: 'VoiceGetAgent', summary: 'A deployed agent' })
  @ApiOkResponse({ type: VoiceAgentResponseDto })
  get(
    @Param('agentId') agentId: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<VoiceAgentResponseDto> {
    return this.messaging.request(Requests.getVoiceAgent, {
      accountId: principal.accountId,
      agentId,
    });
  }

  @Put(':agentId')
  @ApiOperation({
    operationId: 'VoiceUpdateAgent',
    summary: 'Publish a new spec of a deployed agent (the whole spec is replaced)',
  })
  @ApiOkResponse({ type: VoiceAgentResponseDto })
  update(
    @Param('agentId') agentId: string,
    @Body() body: VoiceAgentBodyDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<VoiceAgentResponseDto> {
    return this.messaging.request(Requests.updateVoiceAgent, {
      accountId: principal.accountId,
      agentId,
      spec: body.spec,
    });
  }

  @Delete(':agentId')
  @ApiOperation({
    operationId: 'VoiceDeleteAgent',
    summary: 'Remove a deployed agent and unbind its numbers',
  })
  @ApiOkResponse({ type: DeleteVoiceAgentResponseDto })
  delete(
    @Param('agentId') agentId: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<DeleteVoiceAgentResponseDto> {
    return this.messaging.request(Requests.deleteVoiceAgent, {
      accountId: principal.accountId,
      agentId,
    });
  }

  @Post(':agentId/numbers')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'VoiceBindNumber',
    summary: 'Route inbound calls of an active number of the account to the agent',
  })
  @ApiOkResponse({ type: VoiceAgentResponseDto })
  bind(
    @Param('agentId') agentId: string,
    @Body() body: BindVoiceNumberDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<VoiceAgentResponseDto> {
    return this.messaging.request(Requests.bindVoiceNumber, {
      accountId: principal.accountId,
      agentId,
      phoneNumber: body.phoneNumber,
    });
  }

  @Delete(':agentId/numbers/:phoneNumber')
  @ApiOperation({ operationId: 'VoiceUnbindNumber', summary: 'Unbind a number from an agent' })
  @ApiParam({ name: 'phoneNumber', description: 'E.164, e.g. +14155550123' })
  @ApiOkResponse({ type: VoiceAgentResponseDto })
  unbind(
    @Param('agentId') agentId: string,
    @Param('phoneNumber', PhoneNumberParamPipe) phoneNumber: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<VoiceAgentResponseDto> {
    return this.messaging.request(Requests.unbindVoiceNumber, {
      accountId: principal.accountId,
      agentId,
      phoneNumber,
    });
  }
}
