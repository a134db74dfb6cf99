import { Injectable } from '@nestjs/common';
import { RemoveDeadAddressRequest, SetSmsOptOutRequest } from '@clarion/contracts';
import { DataSource } from 'typeorm';

/** SMS opt-outs per number, and removal of push addresses a provider declared dead. */
@Injectable()
export class AddressStateRepository {
  constructor(private readonly dataSource: DataSource) {}

  async setSmsOptOut(request: SetSmsOptOutRequest): Promise<void> {
    if (request.optedOut) {
      await this.dataSource.query(
        `INSERT INTO notifications.sms_opt_outs (env_id, number, account_id, keyword)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (env_id, number) DO UPDATE SET keyword = EXCLUDED.keyword, created_at = now()
         WHERE sms_opt_outs.account_id = EXCLUDED.account_id`,
        [request.envId, request.number, request.accountId, request.keyword],
      );
      return;
    }
    await this.dataSource.query(
      `DELETE FROM notifications.sms_opt_outs WHERE account_id = $1 AND env_id = $2 AND number = $3`,
      [request.accountId, request.envId, request.number],
    );
  }

  async removeDeadAddress(request: RemoveDeadAddressRequest): Promise<void> {
    await this.dataSource.query(
      `UPDATE notifications.users SET
         push_tokens = CASE WHEN $4::text IS NULL OR push_tokens IS NULL THEN push_tokens ELSE
           (SELECT COALESCE(jsonb_agg(t), '[]'::jsonb) FROM jsonb_array_elements(push_tokens) t
             WHERE t->>'token' IS DISTINCT FROM $4) END,
         web_push_tokens = CASE WHEN $5::text IS NULL OR web_push_tokens IS NULL THEN web_push_tokens ELSE
           (SELECT COALESCE(jsonb_agg(t), '[]'::jsonb) FROM jsonb_array_elements(web_push_tokens) t
             WHERE t->'sub'->>'endpoint' IS DISTINCT FROM $5) END,
         updated_at = now()
       WHERE account_id = $1 AND env_id = $2 AND id = $3`,
      [
        request.accountId,
        request.envId,
        request.userId,
        request.pushToken ?? null,
        request.webPushEndpoint ?? null,
      ],
    );
  }
}
