import { Body, Controller, Delete, Param, ParseUUIDPipe, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  NotFoundError,
  Principal,
  Requests,
  SendDto,
  SendResponseDto,
  SuccessResponseDto,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { CurrentPrincipal, RequiresApiKey } from '../auth/auth.decorators';
import { assertFutureSchedule } from './assert-future-schedule';

/** A trackingId that is not even a UUID names no scheduled send. */
const trackingIdPipe = new ParseUUIDPipe({
  exceptionFactory: () => new NotFoundError('The scheduled send'),
});

@ApiTags('Send')
@RequiresApiKey()
@Controller('sender/scheduler')
export class SchedulerController {
  constructor(private readonly messaging: MessagingClient) {}

  @Put(':trackingId')
  @ApiOperation({
    operationId: 'SenderUpdateSchedule',
    summary: 'Replace the body and/or time of a scheduled send',
  })
  @ApiOkResponse({ type: SendResponseDto })
  update(
    @Param('trackingId', trackingIdPipe) trackingId: string,
    @Body() body: SendDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<SendResponseDto> {
    assertFutureSchedule(body.schedule);
    return this.messaging.request(Requests.updateSchedule, {
      accountId: principal.accountId,
      envId: principal.envId,
      trackingId,
      body,
      dueAt: body.schedule,
    });
  }

  @Delete(':trackingId')
  @ApiOperation({ operationId: 'SenderDeleteSchedule', summary: 'Cancel a scheduled send' })
  @ApiOkResponse({ type: SuccessResponseDto })
  cancel(
    @Param('trackingId', trackingIdPipe) trackingId: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<SuccessResponseDto> {
    return this.messaging.request(Requests.deleteSchedule, {
      accountId: principal.accountId,
      envId: principal.envId,
      trackingId,
    });
  }
}
