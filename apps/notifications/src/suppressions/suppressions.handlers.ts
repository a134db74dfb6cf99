import { Injectable } from '@nestjs/common';
import {
  BulkRemoveSuppressionsRequest,
  RemoveSuppressionRequest,
  Requests,
  UserResponseDto,
} from '@clarion/contracts';
import { HandleRequest } from '@clarion/messaging';
import { SuppressionsService } from './suppressions.service';

@Injectable()
export class SuppressionsHandlers {
  constructor(private readonly suppressions: SuppressionsService) {}

  @HandleRequest(Requests.removeSuppression, RemoveSuppressionRequest)
  removeOne(request: RemoveSuppressionRequest): Promise<{ user: UserResponseDto }> {
    return this.suppressions.removeOne(request);
  }

  @HandleRequest(Requests.removeSuppressions, BulkRemoveSuppressionsRequest)
  removeBulk(request: BulkRemoveSuppressionsRequest): { message: string } {
    return this.suppressions.removeBulk(request);
  }
}
