import { ChannelLogName } from '../common/channel.enum';
import { DeliveryStatus } from '../events/delivery.event';

/** Kind of the event that reports one attempt to deliver an event to the customer's webhook. */
export const WEBHOOK_RESULT = 'webhook.result';

/** Lands on the send's log record as `<channel>_<status>_webhook_res` (and `_webhook_delivered`). */
export type WebhookResultData = {
  channel: ChannelLogName;
  status: DeliveryStatus;
  /** e.g. `200`, `503 (attempt 2, retrying in 300 s)`, `timeout (attempt 9, gave up)`. */
  result: string;
  delivered: boolean;
};
