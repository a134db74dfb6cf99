import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  LegacyLogQueryDto,
  LogQueryDto,
  LogQueryResponseDto,
  Principal,
  Requests,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { CurrentPrincipal } from '../auth/auth.decorators';
import { contractValidationPipe } from '../errors/validation-pipe';
import { logQueryOfLegacy } from './legacy-log-query';
import { LegacyClientCredentials, LegacyRoutes } from './legacy-routes';

/** The hosted service's log query route (POST /logs/query). */
@LegacyRoutes()
@LegacyClientCredentials()
@Controller(':clientId/logs')
export class LegacyLogsController {
  constructor(private readonly messaging: MessagingClient) {}

  /** As POST /logs/query, whose rules the translated filters must pass as well. */
  @Post('query')
  @HttpCode(200)
  async start(
    @Body() body: LegacyLogQueryDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<LogQueryResponseDto> {
    const filters: LogQueryDto = await contractValidationPipe().transform(
      logQueryOfLegacy(body, principal),
      { type: 'body', metatype: LogQueryDto },
    );
    return this.messaging.request(Requests.startLogQuery, {
      accountId: principal.accountId,
      filters,
    });
  }
}
