import { Injectable } from '@nestjs/common';
import {
  RemoveDeadAddressRequest,
  Requests,
  SetSmsOptOutRequest,
  SuccessResponseDto,
} from '@clarion/contracts';
import { HandleRequest } from '@clarion/messaging';
import { DataSource } from 'typeorm';

/** What providers report about a user's addresses: STOP/START texts and dead push tokens. */
@Injectable()
export class AddressStateHandlers {
  constructor(private readonly dataSource: DataSource) {}

  @HandleRequest(Requests.setSmsOptOut, SetSmsOptOutRequest)
  async setSmsOptOut(request: SetSmsOptOutRequest): Promise<SuccessResponseDto> {
    if (request.optedOut) {
      await this.dataSource.query(
        `INSERT INTO notifications.sms_opt_outs (env_id, number, account_id, keyword)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (env_id, number) DO UPDATE SET keyword = EXCLUDED.keyword, created_at = now()
         WHERE sms_opt_outs.account_id = EXCLUDED.account_id`,
        [request.envId, request.number, request.accountId, request.keyword],
      );
    } else {
      await this.dataSource.query(
        `DELETE FROM notifications.sms_opt_outs WHERE account_id = $1 AND env_id = $2 AND number = $3`,
        [request.accountId, request.envId, request.number],
      );
    }
    return { success: true };
  }

  @HandleRequest(Requests.removeDeadAddress, RemoveDeadAddressRequest)
  async removeDeadAddress(request: RemoveDeadAddressRequest): Promise<SuccessResponseDto> {
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
    return { success: true };
  }
}
