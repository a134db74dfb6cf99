import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import {
  DEFAULT_LOGS_PAGE,
  LogMessagesResponseDto,
  LogRecordsResponseDto,
  LogsPageQueryDto,
  Principal,
  Requests,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { CurrentPrincipal, RequiresApiKey } from '../auth/auth.decorators';
import { TrackingIdsPipe } from './tracking-ids.pipe';

@ApiTags('Logs')
@RequiresApiKey('account')
@Controller('logs')
export class LogsController {
  constructor(private readonly messaging: MessagingClient) {}

  @Get()
  @ApiOperation({
    operationId: 'LogsGetLogs',
    summary: 'Steps of every send, newest first, a page at a time',
  })
  @ApiOkResponse({ type: LogMessagesResponseDto })
  page(
    @Query() query: LogsPageQueryDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<LogMessagesResponseDto> {
    return this.messaging.request(Requests.logsPage, {
      accountId: principal.accountId,
      limit: query.limit ?? DEFAULT_LOGS_PAGE,
      cursor: query.cursor,
    });
  }

  @Get('tail')
  @ApiOperation({ operationId: 'LogsTailLogs', summary: 'Log records of the last 100 sends' })
  @ApiOkResponse({ type: LogRecordsResponseDto })
  async tail(@CurrentPrincipal() principal: Principal): Promise<LogRecordsResponseDto> {
    return {
      logs: await this.messaging.request(Requests.logsTail, { accountId: principal.accountId }),
    };
  }

  @Get(':trackingIds')
  @ApiOperation({
    operationId: 'LogsGetLogsByTrackingIds',
    summary: 'Log records of up to 25 sends',
    description: 'Use after sending to see how far each send got and why a step failed.',
  })
  @ApiParam({ name: 'trackingIds', description: 'Comma-separated trackingIds, at most 25' })
  @ApiOkResponse({ type: LogRecordsResponseDto })
  async byTrackingIds(
    @Param('trackingIds', TrackingIdsPipe) trackingIds: string[],
    @CurrentPrincipal() principal: Principal,
  ): Promise<LogRecordsResponseDto> {
    const logs = await this.messaging.request(Requests.logsByTrackingIds, {
      accountId: principal.accountId,
      trackingIds,
    });
    return { logs };
  }
}
