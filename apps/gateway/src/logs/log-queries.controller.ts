import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import {
  LogQueryDto,
  LogQueryResponseDto,
  LogQueryResultResponseDto,
  logRetentionDaysOf,
  LogRetentionResponseDto,
  Principal,
  Requests,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { CurrentPrincipal, RequiresApiKey } from '../auth/auth.decorators';

@ApiTags('Logs')
@RequiresApiKey('account')
@Controller('logs')
export class LogQueriesController {
  constructor(private readonly messaging: MessagingClient) {}

  @Post('query')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'LogsStartLogsQuery',
    summary: 'Start a query over the log records of the account; poll its result',
    description:
      'The search runs in the background: poll LogsGetLogsQueryResult with the queryId of the ' +
      'answer until its status is Complete.',
  })
  @ApiOkResponse({ type: LogQueryResponseDto })
  start(
    @Body() filters: LogQueryDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<LogQueryResponseDto> {
    return this.messaging.request(Requests.startLogQuery, {
      accountId: principal.accountId,
      filters,
    });
  }

  @Get('query/:queryId')
  @ApiOperation({
    operationId: 'LogsGetLogsQueryResult',
    summary: 'The result of a log query: Running, then Complete with the records, or Failed',
  })
  @ApiParam({ name: 'queryId', description: 'queryId from POST /logs/query (kept 24 hours)' })
  @ApiOkResponse({ type: LogQueryResultResponseDto })
  async result(
    @Param('queryId') queryId: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<LogQueryResultResponseDto> {
    // The logs service answers a result in pages that each fit in one NATS message.
    const ask = (offset?: number) =>
      this.messaging.request(Requests.logQueryResult, {
        accountId: principal.accountId,
        queryId,
        offset,
      });
    const { nextOffset, ...result } = await ask();
    for (let offset = nextOffset; offset !== undefined && result.logs;) {
      const page = await ask(offset);
      if (!page.logs?.length) break;
      result.logs.push(...page.logs);
      offset = page.nextOffset;
    }
    return result;
  }

  @Get('retention')
  @ApiOperation({
    operationId: 'LogsGetLogRetention',
    summary: 'Days log records are kept, by the plan of the account',
  })
  @ApiOkResponse({ type: LogRetentionResponseDto })
  async retention(@CurrentPrincipal() principal: Principal): Promise<LogRetentionResponseDto> {
    const account = await this.messaging.request(Requests.getAccount, {
      accountId: principal.accountId,
    });
    return { retentionInDays: logRetentionDaysOf(account) };
  }
}
