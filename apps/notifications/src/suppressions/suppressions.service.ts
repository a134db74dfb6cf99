import { Injectable, Logger } from '@nestjs/common';
import {
  BulkRemoveSuppressionsRequest,
  Channel,
  RemoveSuppressionRequest,
  UserResponseDto,
} from '@clarion/contracts';
import { UsersService } from '../users/users.service';
import { SuppressionsRepository } from './suppressions.repository';

const BATCH = 1_000;

/** Email suppressions of users (spec 3.4): removed one at a time or in bulk in the background. */
@Injectable()
export class SuppressionsService {
  private readonly logger = new Logger(SuppressionsService.name);

  constructor(
    private readonly suppressions: SuppressionsRepository,
    private readonly users: UsersService,
  ) {}

  async removeOne(request: RemoveSuppressionRequest): Promise<{ user: UserResponseDto }> {
    if (request.channel === Channel.EMAIL) await this.suppressions.clearEmailSuppression(request);
    return { user: await this.users.get(request) };
  }

  /** Starts removing a group of suppressions; they are not all gone when this returns. */
  removeBulk(request: BulkRemoveSuppressionsRequest): { message: string } {
    void this.removeInBatches(request).catch((error: unknown) =>
      this.logger.error(`Bulk suppression removal stopped: ${String(error)}`),
    );
    return { message: `Removal of ${request.reason} suppressions started` };
  }

  private async removeInBatches(request: BulkRemoveSuppressionsRequest): Promise<void> {
    while (
      (await this.suppressions.clearEmailSuppressions(request, request.reason, BATCH)) === BATCH
    );
  }
}
