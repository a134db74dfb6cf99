import { Injectable, Logger } from '@nestjs/common';
import {
  BulkRemoveSuppressionsRequest,
  BulkSuppressionReason,
  Channel,
  RemoveSuppressionRequest,
  SuppressionReason,
  TenantScope,
  UserResponseDto,
} from '@clarion/contracts';
import { DataSource } from 'typeorm';
import { UsersService } from '../users/users.service';

const BATCH = 1_000;

/** Email suppressions of users (spec 3.4): removed one at a time or in bulk in the background. */
@Injectable()
export class SuppressionsService {
  private readonly logger = new Logger(SuppressionsService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersService,
  ) {}

  async removeOne(request: RemoveSuppressionRequest): Promise<{ user: UserResponseDto }> {
    if (request.channel === Channel.EMAIL) {
      await this.dataSource.query(
        `UPDATE notifications.users SET email_suppression = NULL, updated_at = now()
          WHERE account_id = $1 AND env_id = $2 AND id = $3 AND email_suppression IS NOT NULL`,
        [request.accountId, request.envId, request.userId],
      );
    }
    return { user: await this.users.get(request) };
  }

  /** Starts removing a group of suppressions; they are not all gone when this returns. */
  removeBulk(request: BulkRemoveSuppressionsRequest): { message: string } {
    void this.removeInBatches(request, request.reason).catch((error: unknown) =>
      this.logger.error(`Bulk suppression removal stopped: ${String(error)}`),
    );
    return { message: `Removal of ${request.reason} suppressions started` };
  }

  private async removeInBatches(scope: TenantScope, reason: BulkSuppressionReason) {
    const matches =
      reason === 'bounces'
        ? `email_suppression->>'reason' = '${SuppressionReason.BOUNCE}'`
        : `(email_suppression->>'retryable')::boolean`;
    for (;;) {
      const [result]: { removed: number }[] = await this.dataSource.query(
        `WITH batch AS (
           SELECT env_id, id FROM notifications.users
            WHERE account_id = $1 AND env_id = $2 AND email_suppression IS NOT NULL AND ${matches}
            LIMIT ${BATCH} FOR UPDATE SKIP LOCKED),
         cleared AS (
           UPDATE notifications.users u SET email_suppression = NULL, updated_at = now()
             FROM batch WHERE u.env_id = batch.env_id AND u.id = batch.id RETURNING 1)
         SELECT count(*)::int AS removed FROM cleared`,
        [scope.accountId, scope.envId],
      );
      if ((result?.removed ?? 0) < BATCH) return;
    }
  }
}
