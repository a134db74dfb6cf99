import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  Principal,
  Requests,
  RetractDto,
  retractRequestOf,
  RetractResponseDto,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { CurrentPrincipal, RequiresApiKey } from '../auth/auth.decorators';
import { tenantOf } from '../auth/tenant-of';

@ApiTags('Send')
@RequiresApiKey()
@Controller('sender/retract')
export class RetractController {
  constructor(private readonly messaging: MessagingClient) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'SenderRetract',
    summary: 'Take back what was sent of a type to a user',
    description:
      'Removes the in-app notifications of the type (or of one sub-notification of it) from the user’s inbox, also those of earlier sends still on their way, and cancels what is still pending of them: scheduled sends and digest entries.',
  })
  @ApiOkResponse({ type: RetractResponseDto })
  retract(
    @Body() body: RetractDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<RetractResponseDto> {
    return this.messaging.request(Requests.retract, retractRequestOf(tenantOf(principal), body));
  }
}
