import { Injectable } from '@nestjs/common';
import {
  LOGS_TAIL_SIZE,
  LogMessagesResponseDto,
  LogRecordDto,
  LogsByTrackingIdsRequest,
  LogsPageRequest,
  LogsTailRequest,
  Requests,
} from '@clarion/contracts';
import { LogEventsRepository } from '../log-events/log-events.repository';
import { HandleRequest } from '@clarion/messaging';
import { fitReplyPage } from '@clarion/runtime';
import { LogRecordsRepository } from './log-records.repository';

@Injectable()
export class LogRecordsHandlers {
  constructor(
    private readonly records: LogRecordsRepository,
    private readonly steps: LogEventsRepository,
  ) {}

  @HandleRequest(Requests.logsTail, LogsTailRequest)
  async tail(request: LogsTailRequest): Promise<LogRecordDto[]> {
    // The newest records that fit one reply: fewer than LOGS_TAIL_SIZE when they are large.
    return fitReplyPage(await this.records.newest(request.accountId, LOGS_TAIL_SIZE));
  }

  @HandleRequest(Requests.logsPage, LogsPageRequest)
  page(request: LogsPageRequest): Promise<LogMessagesResponseDto> {
    return this.steps.page(request.accountId, request.limit, request.cursor);
  }

  @HandleRequest(Requests.logsByTrackingIds, LogsByTrackingIdsRequest)
  byTrackingIds(request: LogsByTrackingIdsRequest): Promise<LogRecordDto[]> {
    return this.records.findByTrackingIds(request.accountId, request.trackingIds);
  }
}
