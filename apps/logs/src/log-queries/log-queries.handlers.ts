import { Injectable } from '@nestjs/common';
import {
  LogQueryResponseDto,
  LogQueryResultPage,
  LogQueryResultRequest,
  Requests,
  StartLogQueryRequest,
} from '@clarion/contracts';
import { HandleRequest } from '@clarion/messaging';
import { LogQueriesService } from './log-queries.service';

@Injectable()
export class LogQueriesHandlers {
  constructor(private readonly queries: LogQueriesService) {}

  @HandleRequest(Requests.startLogQuery, StartLogQueryRequest)
  start(request: StartLogQueryRequest): Promise<LogQueryResponseDto> {
    return this.queries.start(request);
  }

  @HandleRequest(Requests.logQueryResult, LogQueryResultRequest)
  result(request: LogQueryResultRequest): Promise<LogQueryResultPage> {
    return this.queries.resultPage(request);
  }
}
