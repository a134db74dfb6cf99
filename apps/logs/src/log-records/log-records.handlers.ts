import { Injectable } from '@nestjs/common';
import { LogRecordDto, LogsByTrackingIdsRequest, Requests } from '@clarion/contracts';
import { HandleRequest } from '@clarion/messaging';
import { LogRecordsRepository } from './log-records.repository';

@Injectable()
export class LogRecordsHandlers {
  constructor(private readonly records: LogRecordsRepository) {}

  @HandleRequest(Requests.logsByTrackingIds, LogsByTrackingIdsRequest)
  byTrackingIds(request: LogsByTrackingIdsRequest): Promise<LogRecordDto[]> {
    return this.records.findByTrackingIds(request.accountId, request.trackingIds);
  }
}
