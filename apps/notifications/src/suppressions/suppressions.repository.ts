import { Injectable } from '@nestjs/common';
import {
  BulkSuppressionReason,
  EndUserRef,
  SuppressionReason,
  TenantScope,
} from '@clarion/contracts';
import { DataSource } from 'typeorm';

/** The email suppressions kept on users (notifications.users.email_suppression). */
@Injectable()
export class SuppressionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async clearEmailSuppression(user: EndUserRef): Promise<void> {
    await this.dataSource.query(
      `UPDATE notifications.users SET email_suppression = NULL, updated_at = now()
        WHERE account_id = $1 AND env_id = $2 AND id = $3 AND email_suppression IS NOT NULL`,
      [user.accountId, user.envId, user.userId],
    );
  }

  /**
   * Clears up to `limit` of the environment's suppressions of one kind; says how many. Rows
   * another transaction holds are waited for rather than skipped, so a batch that comes back
   * short means none of the kind is left (other than those a concurrent removal is clearing).
   */
  async clearEmailSuppressions(
    scope: TenantScope,
    reason: BulkSuppressionReason,
    limit: number,
  ): Promise<number> {
    const matches =
      reason === 'bounces'
        ? `email_suppression->>'reason' = '${SuppressionReason.BOUNCE}'`
        : `(email_suppression->>'retryable')::boolean`;
    const [result]: { removed: number }[] = await this.dataSource.query(
      `WITH batch AS (
         SELECT env_id, id FROM notifications.users
          WHERE account_id = $1 AND env_id = $2 AND email_suppression IS NOT NULL AND ${matches}
          LIMIT $3 FOR UPDATE),
       cleared AS (
         UPDATE notifications.users u SET email_suppression = NULL, updated_at = now()
           FROM batch WHERE u.env_id = batch.env_id AND u.id = batch.id RETURNING 1)
       SELECT count(*)::int AS removed FROM cleared`,
      [scope.accountId, scope.envId, limit],
    );
    return result?.removed ?? 0;
  }
}
