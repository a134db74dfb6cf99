import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  DEFAULT_CALL_LIST_LIMIT,
  GetVoiceCallResponseDto,
  ListVoiceCallsQueryDto,
  ListVoiceCallsResponseDto,
  PlaceVoiceCallRequest,
  Principal,
  Requests,
  VoiceBrowserCallDto,
  VoiceCallDto,
  VoiceCallResponseDto,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { CurrentPrincipal, RequiresApiKey } from '../auth/auth.decorators';
import { assertMaySpend } from '../auth/assert-may-spend';

@ApiTags('Voice')
@RequiresApiKey('account')
@Controller('voice')
export class VoiceCallsController {
  constructor(private readonly messaging: MessagingClient) {}

  @Post('call')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'VoiceCall',
    summary: 'Place an outbound call with an inline, ephemeral agent spec',
    description:
      'variables override the template variables of the spec for this call; agentId names the ' +
      'saved agent being tried from the playground.',
  })
  @ApiOkResponse({ type: VoiceCallResponseDto })
  call(
    @Body() body: VoiceCallDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<VoiceCallResponseDto> {
    return this.place(principal, {
      source: 'pstn',
      phoneNumber: body.phoneNumber,
      spec: body.spec,
      variables: body.variables,
      agentId: body.agentId,
    });
  }

  @Post('browser-call')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'VoiceCreateBrowserCall',
    summary: 'Open a browser playground call with an inline spec (connect to its websocket)',
  })
  @ApiOkResponse({ type: VoiceCallResponseDto })
  browserCall(
    @Body() body: VoiceBrowserCallDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<VoiceCallResponseDto> {
    return this.place(principal, {
      source: 'web',
      spec: body.spec,
      variables: body.variables,
      agentId: body.agentId,
    });
  }

  @Get('calls')
  @ApiOperation({
    operationId: 'VoiceListCalls',
    summary: 'Calls of the last 30 days, newest first (default 25, at most 100)',
  })
  @ApiOkResponse({ type: ListVoiceCallsResponseDto })
  list(
    @Query() query: ListVoiceCallsQueryDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<ListVoiceCallsResponseDto> {
    return this.messaging.request(Requests.listVoiceCalls, {
      accountId: principal.accountId,
      agentId: query.agentId,
      limit: query.limit ?? DEFAULT_CALL_LIST_LIMIT,
      cursor: query.cursor,
    });
  }

  @Get('calls/:trackingId')
  @ApiOperation({
    operationId: 'VoiceGetCall',
    summary: 'A call with its transcript timeline and recording URL',
  })
  @ApiOkResponse({ type: GetVoiceCallResponseDto })
  get(
    @Param('trackingId') trackingId: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<GetVoiceCallResponseDto> {
    return this.messaging.request(Requests.getVoiceCall, {
      accountId: principal.accountId,
      trackingId,
    });
  }

  private place(
    principal: Principal,
    call: Omit<PlaceVoiceCallRequest, 'accountId'>,
  ): Promise<VoiceCallResponseDto> {
    assertMaySpend(principal, 'place calls');
    return this.messaging.request(Requests.placeVoiceCall, {
      accountId: principal.accountId,
      ...call,
    });
  }
}
