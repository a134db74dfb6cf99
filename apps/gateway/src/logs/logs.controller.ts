import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { LogRecordsResponseDto, Principal, Requests } from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { CurrentPrincipal, RequiresApiKey } from '../auth/auth.decorators';
import { TrackingIdsPipe } from './tracking-ids.pipe';

@ApiTags('Logs')
@RequiresApiKey()
@Controller('logs')
export class LogsController {
  constructor(private readonly messaging: MessagingClient) {}

  @Get(':trackingIds')
  @ApiOperation({
    operationId: 'LogsGetLogsByTrackingIds',
    summary: 'Log records of up to 25 sends',
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
