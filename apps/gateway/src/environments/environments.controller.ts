import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { EnvironmentResponseDto, Principal, Requests } from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { CurrentPrincipal, RequiresApiKey } from '../auth/auth.decorators';

@ApiTags('Environments')
@RequiresApiKey()
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
}
