import { Injectable } from '@nestjs/common';
import {
  BulkSuppressionReason,
  EndUserRef,
  SuppressionReason,
  TenantScope,
} from '@clarion/contracts';
import { DataSource } from 'typeorm';
import { EmailSuppression } from '../users/user.entity';

/** The email suppressions kept on users (notifications.users.email_suppression). */
@Injectable()
export class SuppressionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Suppresses email to the user unless what is stored is stronger: a complaint is never
   * replaced by a bounce, nor a permanent bounce by a retryable one. Writes nothing when the
   * same suppression is stored already. Says whether the user exists (none is created). The
   * condition is on the row as updated, so a complaint written concurrently is not lost.
   */
  async setEmailSuppression(user: EndUserRef, suppression: EmailSuppression): Promise<boolean> {
    const [result]: { users: number }[] = await this.dataSource.query(
      `WITH found AS (
         SELECT env_id, id FROM notifications.users
          WHERE account_id = $1 AND env_id = $2 AND id = $3),
       stored AS (
         UPDATE notifications.users u SET email_suppression = $4::jsonb, updated_at = now()
           FROM found
          WHERE u.env_id = found.env_id AND u.id = found.id
            AND u.email_suppression IS DISTINCT FROM $4::jsonb
            AND NOT ($5::text = '${SuppressionReason.BOUNCE}' AND COALESCE(
                  u.email_suppression->>'reason' = '${SuppressionReason.COMPLAINT}'
                  OR (u.email_suppression->>'reason' = '${SuppressionReason.BOUNCE}'
                      AND NOT (u.email_suppression->>'retryable')::boolean AND $6::boolean),
                  false))
          RETURNING 1)
       SELECT count(*)::int AS users FROM found`,
      [
        user.accountId,
        user.envId,
        user.userId,
        JSON.stringify(suppression),
        suppression.reason,
        suppression.retryable,
      ],
    );
    return (result?.users ?? 0) > 0;
  }

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
