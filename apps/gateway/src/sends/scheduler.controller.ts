import { Body, Controller, Delete, Param, ParseUUIDPipe, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  normalizeSend,
  NotFoundError,
  Principal,
  Requests,
  ScheduleDeletedResponseDto,
  ScheduleUpdatedResponseDto,
  SendDto,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { CurrentPrincipal, RequiresApiKey } from '../auth/auth.decorators';
import { assertFutureSchedule } from './assert-future-schedule';
import { SendPlanCache } from './send-plan.cache';
import { SenderNumbers } from './sender-numbers';

/** A trackingId that is not even a UUID names no scheduled send. */
const trackingIdPipe = new ParseUUIDPipe({
  exceptionFactory: () => new NotFoundError('The scheduled send'),
});

@ApiTags('Send')
@RequiresApiKey()
@Controller('sender/scheduler')
export class SchedulerController {
  constructor(
    private readonly messaging: MessagingClient,
    private readonly plans: SendPlanCache,
    private readonly senderNumbers: SenderNumbers,
  ) {}

  @Put(':trackingId')
  @ApiOperation({
    operationId: 'SenderUpdateSchedule',
    summary: 'Replace the body and/or time of a scheduled send',
  })
  @ApiOkResponse({ type: ScheduleUpdatedResponseDto })
  async update(
    @Param('trackingId', trackingIdPipe) trackingId: string,
    @Body() body: SendDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<ScheduleUpdatedResponseDto> {
    assertFutureSchedule(body.schedule);
    await this.senderNumbers.assertSendsFromOwnNumber(principal.accountId, body);
    const updated = await this.messaging.request(Requests.updateSchedule, {
      accountId: principal.accountId,
      envId: principal.envId,
      trackingId,
      body,
      dueAt: body.schedule,
    });
    // The new body may name another type: it exists once the change is answered, as on a send.
    await this.plans.ensure(principal, normalizeSend(body));
    const when = body.schedule === undefined ? '' : `, now due at ${body.schedule}`;
    return { ...updated, message: `Scheduled send ${trackingId} updated${when}` };
  }

  @Delete(':trackingId')
  @ApiOperation({ operationId: 'SenderDeleteSchedule', summary: 'Cancel a scheduled send' })
  @ApiOkResponse({ type: ScheduleDeletedResponseDto })
  async cancel(
    @Param('trackingId', trackingIdPipe) trackingId: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<ScheduleDeletedResponseDto> {
    const canceled = await this.messaging.request(Requests.deleteSchedule, {
      accountId: principal.accountId,
      envId: principal.envId,
      trackingId,
    });
    return { ...canceled, message: `Scheduled send ${trackingId} deleted` };
  }
}
