import { Body, Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  CreateEnvironmentDto,
  EnvironmentResponseDto,
  Principal,
  Requests,
  UpdateEnvironmentDto,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { CurrentPrincipal, RequiresApiKey } from '../auth/auth.decorators';

@ApiTags('Environments')
@RequiresApiKey('account')
@Controller('environments')
export class EnvironmentsController {
  constructor(private readonly messaging: MessagingClient) {}

  @Get()
  @ApiOperation({
    operationId: 'EnvironmentsListEnvironments',
    summary: 'All environments of the account',
  })
  @ApiOkResponse({ type: [EnvironmentResponseDto] })
  list(@CurrentPrincipal() principal: Principal): Promise<EnvironmentResponseDto[]> {
    return this.messaging.request(Requests.listEnvironments, { accountId: principal.accountId });
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'EnvironmentsCreateEnvironment',
    summary: 'Create an environment with its own credentials',
  })
  @ApiOkResponse({ type: EnvironmentResponseDto })
  create(
    @Body() environment: CreateEnvironmentDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<EnvironmentResponseDto> {
    return this.messaging.request(Requests.createEnvironment, {
      accountId: principal.accountId,
      environment,
    });
  }

  @Patch(':clientId')
  @ApiOperation({
    operationId: 'EnvironmentsUpdateEnvironment',
    summary: 'Update title, secret, disabled sending and secure mode',
    description:
      'resetSecret issues a new clientSecret and the old one stops working at once; secureMode ' +
      'makes end users prove their userId with an hmac.',
  })
  @ApiOkResponse({ type: EnvironmentResponseDto })
  update(
    @Param('clientId') clientId: string,
    @Body() changes: UpdateEnvironmentDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<EnvironmentResponseDto> {
    return this.messaging.request(Requests.updateEnvironment, {
      accountId: principal.accountId,
      clientId,
      changes,
    });
  }
}
