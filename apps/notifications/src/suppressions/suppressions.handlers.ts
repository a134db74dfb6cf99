import { Injectable } from '@nestjs/common';
import {
  BulkRemoveSuppressionsRequest,
  MessageResponseDto,
  RemoveSuppressionRequest,
  Requests,
  SuppressEmailRequest,
  SuppressEmailResponseDto,
  UserResponseDto,
} from '@clarion/contracts';
import { HandleRequest } from '@clarion/messaging';
import { SuppressionRemovals } from './suppression-removals';
import { SuppressionsService } from './suppressions.service';

@Injectable()
export class SuppressionsHandlers {
  constructor(
    private readonly suppressions: SuppressionsService,
    private readonly removals: SuppressionRemovals,
  ) {}

  @HandleRequest(Requests.removeSuppression, RemoveSuppressionRequest)
  removeOne(request: RemoveSuppressionRequest): Promise<{ user: UserResponseDto }> {
    return this.suppressions.removeOne(request);
  }

  /** Answers once the removal is stored as a job; the suppressions are cleared after. */
  @HandleRequest(Requests.removeSuppressions, BulkRemoveSuppressionsRequest)
  removeBulk(request: BulkRemoveSuppressionsRequest): Promise<MessageResponseDto> {
    return this.removals.start(request);
  }

  /** After a bounce or a complaint; asked by delivery-workers. */
  @HandleRequest(Requests.suppressEmail, SuppressEmailRequest)
  suppressEmail(request: SuppressEmailRequest): Promise<SuppressEmailResponseDto> {
    return this.suppressions.suppressEmail(request);
  }
}
